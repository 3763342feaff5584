import {
  pipelineParamsSchema,
  pipelineSchema,
  pipelinesQuerySchema,
  pipelinesResponseSchema,
} from '@dealcoach/contracts/pipelines'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../plugins/auth.js'
import type { PipelinesService } from './pipelines.service.js'

const security = [{ bearerAuth: [] }]

/** /v1/pipelines: the caller's organisation's pipelines with their stages and actions. */
export const pipelinesRoutes: FastifyPluginAsyncZod<{ pipelines: PipelinesService }> = async (
  app,
  { pipelines },
) => {
  app.get(
    '/v1/pipelines',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'Your organisation’s pipelines, by name',
        security,
        querystring: pipelinesQuerySchema,
        response: { 200: pipelinesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => pipelines.list(requireUser(request), request.query.page, request.query.page_size),
  )

  app.get(
    '/v1/pipelines/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'One pipeline with its stages and actions',
        security,
        params: pipelineParamsSchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => pipelines.get(requireUser(request), request.params.id),
  )
}
