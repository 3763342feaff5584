import { z } from 'zod'

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  release_stage: z.string(),
})

export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
})

export type HealthResponse = z.infer<typeof healthResponseSchema>
export type ReadyResponse = z.infer<typeof readyResponseSchema>
