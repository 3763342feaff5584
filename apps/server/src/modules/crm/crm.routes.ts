import {
  crmConnectBodySchema,
  crmIntegrationStatusSchema,
  crmLinkTokenBodySchema,
  crmLinkTokenResponseSchema,
} from '@dealcoach/contracts/crm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import { toCrmIntegrationStatusBody } from './crm.mappers.js'
import type { CrmService } from './crm.service.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/** /v1/crm-integrations: whether the caller's organisation has linked a CRM, and linking one. */
export const crmRoutes: FastifyPluginAsyncZod<{ crm: CrmService }> = async (app, { crm }) => {
  app.get(
    '/v1/crm-integrations/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['crm'],
        summary: 'Whether your organisation has linked a CRM, and which CRMs can be linked',
        security: BEARER_AUTH,
        response: { 200: crmIntegrationStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => toCrmIntegrationStatusBody(await crm.status(requireUser(request))),
  )

  app.post(
    '/v1/crm-integrations/link-token',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['crm'],
        summary:
          'A token to start linking a CRM (admins); 409 crm_provider_not_linkable for a supported CRM this installation cannot link yet (see linkable_providers)',
        security: BEARER_AUTH,
        body: crmLinkTokenBodySchema,
        response: { 200: crmLinkTokenResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    (request) => crm.linkToken(requireUser(request), request.body),
  )

  app.post(
    '/v1/crm-integrations/connect',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['crm'],
        summary:
          'Completes a link (admins): the OAuth code HubSpot redirected back with, or a private-app token; starts the first sync',
        security: BEARER_AUTH,
        body: crmConnectBodySchema,
        response: {
          200: crmIntegrationStatusSchema,
          ...errorResponses(400, 401, 403, 409, 501, 503),
        },
      },
    },
    async (request) =>
      toCrmIntegrationStatusBody(await crm.connect(requireUser(request), request.body)),
  )

  app.post(
    '/v1/crm-integrations/sync',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['crm'],
        summary: 'Syncs the linked CRM now (admins): changes since the last sync',
        security: BEARER_AUTH,
        response: { 202: crmIntegrationStatusSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(toCrmIntegrationStatusBody(await crm.syncNow(requireUser(request)))),
  )

  app.post(
    '/v1/crm-integrations/disconnect',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['crm'],
        summary: 'Disconnects the CRM (admins); the credentials are forgotten, imported data stays',
        security: BEARER_AUTH,
        response: { 204: z.null().describe('Disconnected'), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await crm.disconnect(requireUser(request))
      return reply.code(204).send(null)
    },
  )
}
