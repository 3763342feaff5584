import { productProfileBodySchema, productProfileSchema } from '@dealcoach/contracts/organisation'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import type { OrganisationProductService } from './organisation-product.service.js'
import { toProductProfileBody } from './organisations.mappers.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/** /v1/organisation/product: the caller's organisation's product profile. */
export const organisationProductRoutes: FastifyPluginAsyncZod<{
  product: OrganisationProductService
}> = async (app, { product }) => {
  app.get(
    '/v1/organisation/product',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['organisation'],
        summary: 'Your organisation’s product profile',
        security: BEARER_AUTH,
        response: { 200: productProfileSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => toProductProfileBody(await product.get(requireUser(request))),
  )

  app.put(
    '/v1/organisation/product',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['organisation'],
        summary: 'Replace your organisation’s product profile (admins only)',
        security: BEARER_AUTH,
        body: productProfileBodySchema,
        response: { 200: productProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toProductProfileBody(await product.replace(requireUser(request), request.body)),
  )
}
