import { healthResponseSchema, readyResponseSchema } from '@dealcoach/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { isReachable } from '../../db/client.js'

const RELEASE_STAGE = 'test'

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: healthResponseSchema },
      },
    },
    () => ({ status: 'ok' as const, version: app.config.appVersion, release_stage: RELEASE_STAGE }),
  )

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: { 200: readyResponseSchema, 503: readyResponseSchema },
      },
    },
    async (_request, reply) => {
      const database = app.database.driver
      if (await isReachable(app.database)) return { status: 'ready' as const, database }
      return reply.status(503).send({ status: 'unavailable' as const, database })
    },
  )
}
