import { z } from 'zod'
import { paginationSchema } from './users.js'

// The same bounds as the users lists: pages from 1, at most 1000 rows per page.
const pageNumber = z.coerce.number().int().min(1).max(100_000)
const pageSize = (fallback: number) => z.coerce.number().int().min(1).max(1000).default(fallback)

/**
 * `GET /v1/pipelines?page&page_size`. The spec's client sends `pages`, accepted as an alias of
 * `page` (spec §7); both default to page 1, and 100 pipelines a page (spec §9). Sending both with
 * different values is a 400 on `pages`.
 */
export const pipelinesQuerySchema = z
  .object({
    page: pageNumber.optional().describe('Page number, from 1 (default 1)'),
    pages: pageNumber.optional().describe('Alias of page, as the spec’s client sends it'),
    page_size: pageSize(100).describe('Pipelines per page, 1–1000 (default 100)'),
  })
  .superRefine((query, context) => {
    if (query.page !== undefined && query.pages !== undefined && query.page !== query.pages) {
      context.addIssue({
        code: 'custom',
        path: ['pages'],
        message: 'must equal page when both are given',
      })
    }
  })
  .transform(({ page, pages, page_size }) => ({ page: page ?? pages ?? 1, page_size }))

export const pipelineParamsSchema = z.object({
  id: z.uuid().describe('The pipeline’s id'),
})

export const pipelineStageSchema = z.object({
  stage_id: z.uuid(),
  name: z.string(),
  position: z.number().int(),
  remote_stage_id: z.string().nullable().describe('The CRM’s id for this stage, if linked'),
})

export const pipelineActionSchema = z.object({
  action_id: z.uuid(),
  stage_id: z.uuid().nullable().describe('The stage the action belongs to; null if none'),
  name: z.string(),
  description: z.string(),
  position: z.number().int().describe('Order within its stage'),
})

export const pipelineSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    active: z.boolean(),
    remote_id: z.string().nullable().describe('The CRM’s id for this pipeline, if linked'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    stages: z.array(pipelineStageSchema).describe('Ordered by position'),
    actions: z
      .array(pipelineActionSchema)
      .describe('Ordered by stage position, then position; actions without a stage last'),
  })
  .meta({ id: 'Pipeline' })

export const pipelinesResponseSchema = z.object({
  models: z.array(pipelineSchema),
  pagination: paginationSchema,
})

export type PipelinesQuery = z.infer<typeof pipelinesQuerySchema>
export type PipelineParams = z.infer<typeof pipelineParamsSchema>
export type PipelineStage = z.infer<typeof pipelineStageSchema>
export type PipelineAction = z.infer<typeof pipelineActionSchema>
export type Pipeline = z.infer<typeof pipelineSchema>
export type PipelinesResponse = z.infer<typeof pipelinesResponseSchema>
