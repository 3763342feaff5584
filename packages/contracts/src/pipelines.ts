import { z } from 'zod'
import { PIPELINE_LIMITS } from './limits.js'
import { salesFrameworkKeySchema } from './sales-frameworks.js'
import { listResponseSchema, pageQueryWithAliasSchema } from './pagination.js'

/**
 * `GET /v1/pipelines?page&page_size`. The spec's client sends `pages`, accepted as an alias of
 * `page` (spec §7); both default to page 1, and 100 pipelines a page (spec §9).
 */
export const pipelinesQuerySchema = pageQueryWithAliasSchema(100, 'Pipelines')

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

export const pipelinesResponseSchema = listResponseSchema(pipelineSchema)

const pipelineName = z.string().trim().min(1, 'must not be blank').max(PIPELINE_LIMITS.name)

/**
 * `POST /v1/pipelines`: a blank pipeline, or one with the stages and playbook actions of a sales
 * framework's template. Answers 201 with the pipeline.
 */
export const createPipelineBodySchema = z.object({
  name: pipelineName.describe('The pipeline’s name'),
  framework: salesFrameworkKeySchema
    .optional()
    .describe('Start from this framework’s stages and actions; blank if absent'),
  active: z.boolean().default(true).describe('Whether deals can be shown for it (default true)'),
})

/** `PATCH /v1/pipelines/{id}`: renames the pipeline. Names are unique in an organisation. */
export const updatePipelineBodySchema = z.object({
  name: pipelineName.describe('The pipeline’s new name'),
})

export type UpdatePipelineBody = z.infer<typeof updatePipelineBodySchema>

export const stageInputSchema = z.object({
  stage_id: z
    .uuid()
    .optional()
    .describe('An existing stage of this pipeline; absent for a new one'),
  name: pipelineName.describe('The stage’s name'),
})

const stageList = z
  .array(stageInputSchema)
  .max(PIPELINE_LIMITS.stages)
  .describe('Every stage of the pipeline, in order')

/**
 * A stage id that is a record's key or value, lower-cased as ids are stored: the server's
 * uuid-case plugin lowers the ids under `*_id` keys, and reaches neither a record's keys nor the
 * values of a key such as `move_deals_to`, so `6613BE39-…` would not match its stage.
 */
const stageIdEntry = z.uuid().transform((id) => id.toLowerCase())

/**
 * The record with its stage-id keys lower-cased. Two keys naming one stage in different cases
 * would collapse into one, the later target silently winning: refused, at the second key.
 */
function lowerCaseKeys(
  record: Record<string, string>,
  context: z.RefinementCtx,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(record)) {
    const id = key.toLowerCase()
    if (id in out) {
      context.addIssue({ code: 'custom', path: [key], message: 'names a stage already listed' })
    }
    out[id] = value
  }
  return out
}

/**
 * `PUT /v1/pipelines/{id}/stages`: the whole ordered stage list. A listed `stage_id` keeps (and
 * renames) that stage, an entry without one adds a stage, and a stage left out is removed. The
 * spec's client sends the bare list; the object form can also say where the deals of a removed
 * stage go (removed stage id → a kept stage id). Removing a stage that still has deals without
 * that is a 409 saying how many. Answers the pipeline.
 */
export const replaceStagesBodySchema = z.union([
  stageList,
  z.object({
    stages: stageList,
    move_deals_to: z
      .record(z.uuid(), stageIdEntry)
      .transform(lowerCaseKeys)
      .optional()
      .describe('For each removed stage that has deals, the kept stage that receives them'),
  }),
])

export const actionInputSchema = z.object({
  action_id: z
    .uuid()
    .optional()
    .describe('An existing action of this pipeline; absent for a new one'),
  // No default either: an update merges, so an absent stage keeps the action's current one.
  stage_id: z
    .uuid()
    .nullable()
    .optional()
    .describe(
      'A stage of this pipeline, or null for no stage; absent keeps it (required for a new action)',
    ),
  name: pipelineName.describe('What the rep should do'),
  // No default: an update merges, so an absent description keeps the action's current one.
  description: z
    .string()
    .trim()
    .max(PIPELINE_LIMITS.actionDescription)
    .optional()
    .describe('Why it matters and what good looks like; absent keeps it (empty for a new action)'),
})

/**
 * `PUT /v1/pipelines/{id}/actions`: the full action list. A listed `action_id` is updated (merged),
 * an entry without one is added, an action left out is deleted. Within a stage, list order is the
 * action's position. Answers the pipeline.
 */
export const replaceActionsBodySchema = z
  .array(actionInputSchema)
  .max(PIPELINE_LIMITS.actions)
  .describe('Every playbook action of the pipeline')

/**
 * `PUT /v1/pipelines/{id}/stage-actions`: which actions belong to which stage, in order. Every
 * listed action moves to its entry's stage at its list position; an action of the pipeline that no
 * entry lists is left without a stage. Answers the pipeline.
 */
export const replaceStageActionsBodySchema = z
  .array(
    z.object({
      stage_id: z.uuid().describe('A stage of this pipeline'),
      action_ids: z.array(z.uuid()).describe('Actions of this pipeline, in order'),
    }),
  )
  .max(PIPELINE_LIMITS.stages)

/**
 * `PUT /v1/pipelines/{id}/remote-stage-lookup`: the CRM's id for each listed stage (null unlinks);
 * stages not listed keep theirs, and no two stages of a pipeline share a CRM id. Answers the
 * pipeline.
 */
export const replaceRemoteStageLookupBodySchema = z
  .array(
    z.object({
      stage_id: z.uuid().describe('A stage of this pipeline'),
      remote_stage_id: z
        .string()
        .trim()
        .min(1, 'must not be blank')
        .max(200)
        .nullable()
        .describe('The CRM’s stage id, or null to unlink'),
    }),
  )
  .max(PIPELINE_LIMITS.stages)

export type PipelinesQuery = z.infer<typeof pipelinesQuerySchema>
export type PipelineParams = z.infer<typeof pipelineParamsSchema>
export type PipelineStage = z.infer<typeof pipelineStageSchema>
export type PipelineAction = z.infer<typeof pipelineActionSchema>
export type Pipeline = z.infer<typeof pipelineSchema>
export type PipelinesResponse = z.infer<typeof pipelinesResponseSchema>
export type CreatePipelineBody = z.input<typeof createPipelineBodySchema>
export type StageInput = z.infer<typeof stageInputSchema>
export type ReplaceStagesBody = z.input<typeof replaceStagesBodySchema>
export type ActionInput = z.input<typeof actionInputSchema>
export type ReplaceActionsBody = z.input<typeof replaceActionsBodySchema>
export type ReplaceStageActionsBody = z.infer<typeof replaceStageActionsBodySchema>
export type ReplaceRemoteStageLookupBody = z.input<typeof replaceRemoteStageLookupBodySchema>
