import {
  ONBOARDING_STEP_KEYS,
  type OnboardingChecklistPatch,
  type OnboardingFormBody,
  type OnboardingStepKey,
} from '@dealcoach/contracts/onboarding'
import type { Database } from '../../db/client.js'
import { type FieldProblem, Invalid, NotFound } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import type { CrmService } from '../crm/crm.service.js'
import type { DealsService } from '../deals/deals.service.js'
import type { ObjectionTypesService } from '../objections/objection-types.service.js'
import type { OrganisationProductService } from '../organisations/organisation-product.service.js'
import type { PipelinesService } from '../pipelines/pipelines.service.js'
import type { ImportsService } from '../imports/imports.service.js'
import type { UsersService } from '../users/users.service.js'
import type { OnboardingChecklist, OnboardingForm } from './onboarding-types.js'
import {
  findChecklistSetting,
  findLatestOnboardingForm,
  insertOnboardingForm,
  mergeChecklistTicks,
  type OnboardingFormRow,
} from './onboarding.repository.js'

/** The checklist asks each owning module one question rather than reading its tables. */
export interface OnboardingDeps {
  db: Database
  product: Pick<OrganisationProductService, 'isDescribed'>
  pipelines: Pick<PipelinesService, 'hasConfigured'>
  objectionTypes: Pick<ObjectionTypesService, 'hasReviewed'>
  crm: Pick<CrmService, 'hasLinked'>
  deals: Pick<DealsService, 'hasAny'>
  imports: Pick<ImportsService, 'hasImported'>
  users: Pick<UsersService, 'hasInvitedTeammates'>
}

function toOnboardingForm(row: OnboardingFormRow): OnboardingForm {
  // The row only ever holds answers the body schema accepted, so the enum casts hold.
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    teamSize: row.teamSize as OnboardingForm['teamSize'],
    isPrimaryContact: row.isPrimaryContact,
    callRecordingApp: row.callRecordingApp as OnboardingForm['callRecordingApp'],
    callRecordingAppOther: row.callRecordingAppOther,
    salesFramework: row.salesFramework as OnboardingForm['salesFramework'],
    salesFrameworkCustom: row.salesFrameworkCustom,
    submittedBy: row.submittedBy,
    createdAt: row.createdAt,
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

  /** Every step's state from the organisation's data, the owning modules asked concurrently. */
  async function computedSteps(
    organisationId: string,
  ): Promise<Record<OnboardingStepKey, boolean> | undefined> {
    const [described, configured, reviewed, linked, hasDeals, imported, invited] =
      await Promise.all([
        deps.product.isDescribed(organisationId),
        deps.pipelines.hasConfigured(organisationId),
        deps.objectionTypes.hasReviewed(organisationId),
        deps.crm.hasLinked(organisationId),
        deps.deals.hasAny(organisationId),
        deps.imports.hasImported(organisationId),
        deps.users.hasInvitedTeammates(organisationId),
      ])
    if (described === undefined) return undefined
    return {
      product_described: described,
      pipeline_configured: configured,
      objection_types_reviewed: reviewed,
      crm_linked_or_data_imported: linked || hasDeals || imported,
      teammates_invited: invited,
    }
  }

  async function checklist(caller: AuthUser): Promise<OnboardingChecklist> {
    const [computedOf, setting] = await Promise.all([
      computedSteps(caller.organisationId),
      findChecklistSetting(db, caller.organisationId),
    ])
    if (!computedOf) throw new NotFound('Organisation')
    const ticked = tickedSteps(setting)
    const steps = ONBOARDING_STEP_KEYS.map((key) => {
      const computed = computedOf[key]
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

    /** The latest submission; undefined before the first. */
    async latestForm(caller: AuthUser): Promise<OnboardingForm | undefined> {
      const row = await findLatestOnboardingForm(db, caller.organisationId)
      return row ? toOnboardingForm(row) : undefined
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
