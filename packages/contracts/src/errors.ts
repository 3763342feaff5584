import { z } from 'zod'

/** DESIGN §3.5: every error answer has this one shape. */
export const errorDetailSchema = z.object({
  path: z.string().describe('Dotted path of the offending field, e.g. "body.email"'),
  message: z.string(),
  code: z
    .string()
    .optional()
    .describe(
      'Stable machine-readable reason for this one detail, e.g. "too_short" under weak_password or "stage_has_deals"; clients word the problem from it, never from the message',
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe(
      'Values the reason is about, e.g. { "min": 12 } or { "stage_name": "Discovery", "deal_count": 3 }',
    ),
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
