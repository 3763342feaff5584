import type { CrmProvider } from '@dealcoach/contracts/crm'
import type { CallRecordingApp, OnboardingStepKey, TeamSize } from '@dealcoach/contracts/onboarding'
import type { SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'

// The contracts' value lists live in files that build zod schemas, and importing a value from
// them would ship zod to the browser. These records hold the same values, and `satisfies` makes
// the compiler fail when a contract adds or drops one.

const keysOf = <K extends string>(record: Record<K, unknown>) => Object.keys(record) as K[]

const teamSizes = {
  '1-5': true,
  '6-20': true,
  '21-50': true,
  '51-200': true,
  '201+': true,
} satisfies Record<TeamSize, true>

const callRecordingApps = {
  gong: true,
  chorus: true,
  zoom: true,
  microsoft_teams: true,
  google_meet: true,
  fireflies: true,
  otter: true,
  none: true,
  other: true,
} satisfies Record<CallRecordingApp, true>

const salesFrameworks = {
  meddic: true,
  meddpicc: true,
  bant: true,
  spin: true,
  challenger: true,
  sandler: true,
  spiced: true,
  custom: true,
} satisfies Record<SalesFrameworkKey, true>

/** TEAM_SIZES, in the order the questionnaire offers them. */
export const TEAM_SIZE_OPTIONS: readonly TeamSize[] = keysOf(teamSizes)

/** CALL_RECORDING_APPS; `other` comes with a free-text answer. */
export const CALL_RECORDING_APP_OPTIONS: readonly CallRecordingApp[] = keysOf(callRecordingApps)

/** SALES_FRAMEWORK_KEYS; `custom` comes with a free-text answer. */
export const SALES_FRAMEWORK_OPTIONS: readonly SalesFrameworkKey[] = keysOf(salesFrameworks)

/** CRM_PROVIDER_NAMES: how each CRM spells its own name (brand names are not translated). */
export const CRM_PROVIDER_NAMES = {
  hubspot: 'HubSpot',
  salesforce: 'Salesforce',
  pipedrive: 'Pipedrive',
} as const satisfies Record<CrmProvider, string>

/**
 * Where each checklist step is done: another page (on the tab that does it), or the CRM section
 * of this one.
 */
export const STEP_TARGETS = {
  product_described: { to: '/configure/product/' },
  pipeline_configured: { to: '/configure/pipelines/' },
  objection_types_reviewed: { to: '/configure/objections/' },
  crm_linked_or_data_imported: { hash: 'crm' },
  teammates_invited: { to: '/settings/', search: { tab: 'team' } },
} as const satisfies Record<
  OnboardingStepKey,
  { to: string; search?: Record<string, string> } | { hash: string }
>
