import {
  analysisProgressSchema,
  analysisQueuedSchema,
  dealAnalysisBodySchema,
} from '@dealcoach/contracts/analysis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import type { AnalysisService } from './analysis.service.js'

const dealParams = z.object({ id: z.uuid() })

/** A deal's analysis (DESIGN §8) and the progress of the organisation's background analyses. */
export const analysisRoutes: FastifyPluginAsyncZod<{ analysis: AnalysisService }> = async (
  app,
  { analysis },
) => {
  app.get(
    '/v1/deals/:id/analysis',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['analysis'],
        summary: 'A deal’s latest analysis and the status of its latest run',
        security: BEARER_AUTH,
        params: dealParams,
        response: { 200: dealAnalysisBodySchema, ...errorResponses(400, 401, 404) },
      },
    },
    (request) => analysis.get(requireUser(request), request.params.id),
  )

  app.post(
    '/v1/deals/:id/analysis',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['analysis'],
        summary: 'Analyse the deal again',
        security: BEARER_AUTH,
        params: dealParams,
        response: { 202: analysisQueuedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await analysis.rerun(requireUser(request), request.params.id)),
  )

  app.get(
    '/v1/analysis/progress',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['analysis'],
        summary: 'Progress of the organisation’s background analyses',
        description:
          'The current wave is the runs still queued or running and those finished since the oldest of them was queued; with nothing pending, `pending` and `total` are 0 and `reason` is null. `reason` is `backfill` when a re-analysis after a settings change is part of the wave, otherwise the most common trigger.',
        security: BEARER_AUTH,
        response: { 200: analysisProgressSchema, ...errorResponses(401) },
      },
    },
    (request) => analysis.progress(requireUser(request)),
  )
}
