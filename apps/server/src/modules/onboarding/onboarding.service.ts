import {
  ONBOARDING_STEP_KEYS,
  type LatestOnboardingFormResponse,
  type OnboardingChecklist,
  type OnboardingChecklistPatch,
  type OnboardingForm,
  type OnboardingFormBody,
  type OnboardingStepKey,
} from '@dealcoach/contracts/onboarding'
import type { Database } from '../../db/client.js'
import { type FieldProblem, Invalid, NotFound } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  findChecklistState,
  findLatestOnboardingForm,
  insertOnboardingForm,
  mergeChecklistTicks,
  type OnboardingFormRow,
} from './onboarding.repository.js'

export interface OnboardingDeps {
  db: Database
}

function toOnboardingForm(row: OnboardingFormRow): OnboardingForm {
  // The row only ever holds answers the body schema accepted, so the enum casts hold.
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    team_size: row.teamSize as OnboardingForm['team_size'],
    is_primary_contact: row.isPrimaryContact,
    call_recording_app: row.callRecordingApp as OnboardingForm['call_recording_app'],
    call_recording_app_other: row.callRecordingAppOther,
    sales_framework: row.salesFramework as OnboardingForm['sales_framework'],
    sales_framework_custom: row.salesFrameworkCustom,
    submitted_by: row.submittedBy,
    created_at: row.createdAt.toISOString(),
  }
}

/** What the body schema alone cannot say: answers that depend on another answer. */
function formProblems(body: OnboardingFormBody): FieldProblem[] {
  if (Object.values(body).every((value) => value === undefined)) {
    return [{ field: '', message: 'Answer at least one question' }]
  }
  const problems: FieldProblem[] = []
  if (body.call_recording_app_other !== undefined && body.call_recording_app !== 'other') {
    problems.push({
      field: 'call_recording_app_other',
      message: "only goes with call_recording_app 'other'",
    })
  }
  if (body.sales_framework_custom !== undefined && !body.sales_framework?.includes('custom')) {
    problems.push({
      field: 'sales_framework_custom',
      message: "only goes with 'custom' in sales_framework",
    })
  }
  return problems
}

/** Hand ticks from the stored setting; anything unexpected in it counts as not ticked. */
function tickedSteps(setting: unknown): Set<OnboardingStepKey> {
  const ticked =
    typeof setting === 'object' && setting !== null
      ? (setting as { ticked?: unknown }).ticked
      : undefined
  if (typeof ticked !== 'object' || ticked === null) return new Set()
  const entries = ticked as Record<string, unknown>
  return new Set(ONBOARDING_STEP_KEYS.filter((key) => entries[key] === true))
}

/** The onboarding questionnaire and checklist of the caller's organisation. */
export function createOnboardingService(deps: OnboardingDeps) {
  const { db } = deps

  async function checklist(caller: AuthUser): Promise<OnboardingChecklist> {
    const state = await findChecklistState(db, caller.organisationId)
    if (!state) throw new NotFound('Organisation')
    const ticked = tickedSteps(state.setting)
    const steps = ONBOARDING_STEP_KEYS.map((key) => {
      const computed = state.computed[key]
      const isTicked = ticked.has(key)
      return { key, done: computed || isTicked, computed, ticked: isTicked }
    })
    return {
      steps,
      completed: steps.filter((step) => step.done).length,
      total: steps.length,
    }
  }

  return {
    /** Stores one submission holding only the answers present in the body. */
    async submitForm(caller: AuthUser, body: OnboardingFormBody): Promise<OnboardingForm> {
      const problems = formProblems(body)
      if (problems.length > 0) throw new Invalid(problems)
      const row = await insertOnboardingForm(db, {
        organisationId: caller.organisationId,
        submittedBy: caller.id,
        fullName: body.full_name,
        email: body.email,
        teamSize: body.team_size,
        isPrimaryContact: body.is_primary_contact,
        callRecordingApp: body.call_recording_app,
        callRecordingAppOther: body.call_recording_app_other,
        salesFramework: body.sales_framework,
        salesFrameworkCustom: body.sales_framework_custom,
      })
      return toOnboardingForm(row)
    },

    async latestForm(caller: AuthUser): Promise<LatestOnboardingFormResponse> {
      const row = await findLatestOnboardingForm(db, caller.organisationId)
      return { form: row ? toOnboardingForm(row) : null }
    },

    checklist,

    /** Ticks and unticks steps by hand; a step listed twice takes its last value. */
    async updateChecklist(
      caller: AuthUser,
      patch: OnboardingChecklistPatch,
    ): Promise<OnboardingChecklist> {
      const wanted = new Map(patch.steps.map((step) => [step.key, step.ticked]))
      const tick = [...wanted].filter(([, ticked]) => ticked).map(([key]) => key)
      const untick = [...wanted].filter(([, ticked]) => !ticked).map(([key]) => key)
      await mergeChecklistTicks(db, caller.organisationId, tick, untick)
      return checklist(caller)
    },
  }
}

export type OnboardingService = ReturnType<typeof createOnboardingService>
