import {
  crmIntegrationStatusSchema,
  crmLinkTokenBodySchema,
  crmLinkTokenResponseSchema,
} from '@dealcoach/contracts/crm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
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
        summary: 'A token to start linking a CRM (admins); 501 while its provider is not installed',
        security: BEARER_AUTH,
        body: crmLinkTokenBodySchema,
        response: { 200: crmLinkTokenResponseSchema, ...errorResponses(400, 401, 403, 501) },
      },
    },
    (request) => crm.linkToken(requireUser(request), request.body),
  )
}
