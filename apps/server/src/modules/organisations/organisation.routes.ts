import { organisationSchema, updateOrganisationBodySchema } from '@dealcoach/contracts/organisation'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import type { OrganisationsService } from './organisations.service.js'

/** /v1/organisation: the caller's organisation (workspace) itself; admins rename it. */
export const organisationRoutes: FastifyPluginAsyncZod<{
  organisations: OrganisationsService
}> = async (app, { organisations }) => {
  app.get(
    '/v1/organisation',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organisation'],
        summary: 'Your organisation (workspace)',
        security: BEARER_AUTH,
        response: { 200: organisationSchema, ...errorResponses(401, 404) },
      },
    },
    (request) => organisations.get(requireUser(request)),
  )

  app.patch(
    '/v1/organisation',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['organisation'],
        summary: 'Rename your organisation (admins only)',
        security: BEARER_AUTH,
        body: updateOrganisationBodySchema,
        response: { 200: organisationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => organisations.rename(requireUser(request), request.body.name),
  )
}
