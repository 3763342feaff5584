import { z } from 'zod'

/** DESIGN §3.5: every error answer has this one shape. */
export const errorDetailSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.email"'),
  message: z.string(),
})

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. "validation_failed"'),
      message: z.string().describe('Human-readable explanation'),
      details: z.array(errorDetailSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorBody' })

export type ErrorDetail = z.infer<typeof errorDetailSchema>
export type ErrorBody = z.infer<typeof errorBodySchema>
