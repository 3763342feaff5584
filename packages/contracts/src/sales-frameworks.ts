import { z } from 'zod'

/**
 * The sales frameworks the onboarding questionnaire asks about (issue 5). Each one offers a
 * pipeline (stages with playbook actions) and objection types generated for it; `custom` offers a
 * general-purpose B2B starting point to adapt.
 */
export const SALES_FRAMEWORK_KEYS = [
  'meddic',
  'meddpicc',
  'bant',
  'spin',
  'challenger',
  'sandler',
  'spiced',
  'custom',
] as const

export const salesFrameworkKeySchema = z
  .enum(SALES_FRAMEWORK_KEYS)
  .describe(
    'A sales framework: meddic, meddpicc, bant, spin, challenger, sandler, spiced or custom',
  )

export const salesFrameworkActionSchema = z.object({
  name: z.string(),
  description: z.string(),
})

export const salesFrameworkStageSchema = z.object({
  name: z.string(),
  actions: z.array(salesFrameworkActionSchema).describe('Playbook actions of the stage, in order'),
})

export const salesFrameworkObjectionTypeSchema = z.object({
  name: z.string(),
  description: z.string(),
  examples: z.array(z.string()),
})

/** `GET /v1/sales-frameworks`: what each framework would create. */
export const salesFrameworkSchema = z
  .object({
    key: salesFrameworkKeySchema,
    name: z.string().describe('Display name, e.g. "MEDDPICC"'),
    description: z.string().describe('One sentence on what the framework emphasises'),
    pipeline_name: z.string().describe('The name suggested for a pipeline created from it'),
    stages: z.array(salesFrameworkStageSchema),
    objection_types: z.array(salesFrameworkObjectionTypeSchema),
  })
  .meta({ id: 'SalesFramework' })

export const salesFrameworksResponseSchema = z.object({
  models: z.array(salesFrameworkSchema),
})

export type SalesFrameworkKey = z.infer<typeof salesFrameworkKeySchema>
export type SalesFrameworkStage = z.infer<typeof salesFrameworkStageSchema>
export type SalesFrameworkObjectionType = z.infer<typeof salesFrameworkObjectionTypeSchema>
export type SalesFramework = z.infer<typeof salesFrameworkSchema>
export type SalesFrameworksResponse = z.infer<typeof salesFrameworksResponseSchema>
