import { z } from 'zod'
import { ONBOARDING_LIMITS } from './limits.js'
import { salesFrameworkKeySchema } from './sales-frameworks.js'

/** The team sizes the questionnaire offers. */
export const TEAM_SIZES = ['1-5', '6-20', '21-50', '51-200', '201+'] as const

/** The call recorders the questionnaire offers; `other` comes with `call_recording_app_other`. */
export const CALL_RECORDING_APPS = [
  'gong',
  'chorus',
  'zoom',
  'microsoft_teams',
  'google_meet',
  'fireflies',
  'otter',
  'none',
  'other',
] as const

const freeText = (max: number) => z.string().trim().max(max)

/** An empty or all-space answer: a question left blank, as if not sent (spec §3, §5). */
const blankToUnanswered = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

/** An optional question, where a blank answer is no answer rather than a wrong one. */
const optionalAnswer = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUnanswered, schema.optional())

/**
 * `POST /v1/forms/client_onboarding`, spec §3: every field is optional and the client sends only
 * those filled in; only the fields present are stored, and one left blank (`""`, spaces) counts
 * as not sent. The server also answers 400 for a body with no answer and for an
 * `_other`/`_custom` answer without the choice it explains.
 */
export const onboardingFormBodySchema = z
  .object({
    full_name: optionalAnswer(freeText(ONBOARDING_LIMITS.fullName)),
    email: optionalAnswer(z.email().max(ONBOARDING_LIMITS.email)),
    team_size: optionalAnswer(z.enum(TEAM_SIZES)),
    is_primary_contact: optionalAnswer(z.boolean()),
    call_recording_app: optionalAnswer(z.enum(CALL_RECORDING_APPS)),
    call_recording_app_other: optionalAnswer(freeText(ONBOARDING_LIMITS.text)).describe(
      "Only together with call_recording_app 'other'",
    ),
    sales_framework: z
      .array(salesFrameworkKeySchema)
      .min(1)
      .max(8)
      .refine((keys) => new Set(keys).size === keys.length, 'must not repeat a framework')
      .optional(),
    sales_framework_custom: optionalAnswer(freeText(ONBOARDING_LIMITS.text)).describe(
      "Only together with 'custom' in sales_framework",
    ),
  })
  .describe(
    'The questions answered: each is optional, and a text or choice left blank ("" or spaces) counts as not sent',
  )

/** A stored questionnaire: the answers given in one submission (absent ones are null). */
export const onboardingFormSchema = z
  .object({
    id: z.uuid(),
    full_name: z.string().nullable(),
    email: z.string().nullable(),
    team_size: z.enum(TEAM_SIZES).nullable(),
    is_primary_contact: z.boolean().nullable(),
    call_recording_app: z.enum(CALL_RECORDING_APPS).nullable(),
    call_recording_app_other: z.string().nullable(),
    sales_framework: z.array(salesFrameworkKeySchema).nullable(),
    sales_framework_custom: z.string().nullable(),
    submitted_by: z.uuid().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'OnboardingForm' })

/** `GET /v1/forms/client_onboarding`: the latest submission, or null before the first. */
export const latestOnboardingFormResponseSchema = z.object({
  form: onboardingFormSchema.nullable(),
})

export const ONBOARDING_STEP_KEYS = [
  'product_described',
  'pipeline_configured',
  'objection_types_reviewed',
  'crm_linked_or_data_imported',
  'teammates_invited',
] as const

export const onboardingStepKeySchema = z.enum(ONBOARDING_STEP_KEYS)

/** One checklist step: done when the data shows it (`computed`) or an admin ticked it. */
export const onboardingStepSchema = z.object({
  key: onboardingStepKeySchema,
  done: z.boolean().describe('computed or ticked'),
  computed: z.boolean().describe('The organisation’s data shows the step is done'),
  ticked: z.boolean().describe('An admin marked it done by hand'),
})

/** `GET`/`PATCH /v1/app-setting/onboarding_checklist`. */
export const onboardingChecklistSchema = z
  .object({
    steps: z.array(onboardingStepSchema).describe('In the order the product suggests them'),
    completed: z.number().int().describe('Steps done'),
    total: z.number().int(),
  })
  .meta({ id: 'OnboardingChecklist' })

/** `PATCH /v1/app-setting/onboarding_checklist` (admins): tick or untick steps by hand. */
export const onboardingChecklistPatchSchema = z.object({
  steps: z
    .array(z.object({ key: onboardingStepKeySchema, ticked: z.boolean() }))
    .min(1)
    .max(ONBOARDING_STEP_KEYS.length),
})

export type TeamSize = (typeof TEAM_SIZES)[number]
export type CallRecordingApp = (typeof CALL_RECORDING_APPS)[number]
export type OnboardingFormBody = z.infer<typeof onboardingFormBodySchema>
export type OnboardingForm = z.infer<typeof onboardingFormSchema>
export type LatestOnboardingFormResponse = z.infer<typeof latestOnboardingFormResponseSchema>
export type OnboardingStepKey = z.infer<typeof onboardingStepKeySchema>
export type OnboardingStep = z.infer<typeof onboardingStepSchema>
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>
export type OnboardingChecklistPatch = z.infer<typeof onboardingChecklistPatchSchema>
