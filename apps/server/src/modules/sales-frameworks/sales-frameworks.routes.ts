import { salesFrameworksResponseSchema } from '@dealcoach/contracts/sales-frameworks'
import { SALES_FRAMEWORK_TEMPLATES } from '@dealcoach/playbooks/framework-templates'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/** /v1/sales-frameworks: what each framework offers; fixed texts, so no service or database. */
export const salesFrameworksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/sales-frameworks',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['sales-frameworks'],
        summary: 'The sales frameworks, each with the pipeline and objection types it offers',
        security: BEARER_AUTH,
        response: { 200: salesFrameworksResponseSchema, ...errorResponses(401) },
      },
    },
    () => ({ models: [...SALES_FRAMEWORK_TEMPLATES] }),
  )
}
