import { ONBOARDING_STEP_KEYS, type OnboardingStepKey } from '@dealcoach/contracts/onboarding'
import { desc, eq, getTableName, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { registrations, users } from '../../db/schema/accounts.js'
import { crmIntegrations } from '../../db/schema/crm.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { organisations } from '../../db/schema/organisations.js'
import { actions, pipelines, stages } from '../../db/schema/pipelines.js'
import { appSettings, onboardingForms } from '../../db/schema/settings.js'

export type OnboardingFormRow = typeof onboardingForms.$inferSelect
export type NewOnboardingFormRow = typeof onboardingForms.$inferInsert

/** The app_settings key holding the checklist's hand ticks: `{ticked: {step_key: true}}`. */
export const CHECKLIST_SETTING_KEY = 'onboarding_checklist'

export async function insertOnboardingForm(
  db: Database,
  form: NewOnboardingFormRow,
): Promise<OnboardingFormRow> {
  const [row] = await db.insert(onboardingForms).values(form).returning()
  if (!row) throw new Error('insert into onboarding_forms returned no row')
  return row
}

export async function findLatestOnboardingForm(
  db: Database,
  organisationId: string,
): Promise<OnboardingFormRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingForms)
    .where(eq(onboardingForms.organisationId, organisationId))
    .orderBy(desc(onboardingForms.createdAt))
    .limit(1)
  return row
}

export interface ChecklistState {
  /** Per step: does the organisation's data show it done? */
  computed: Record<OnboardingStepKey, boolean>
  /** The stored app setting, as stored (may be anything jsonb holds). */
  setting: unknown
}

/**
 * A column with its table's name. Drizzle leaves columns unqualified in a select's own SQL, which
 * inside the correlated sub-selects below would resolve to the inner table.
 */
const col = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`

/*
 * The seeded pipeline and objection types are written in the sign-up transaction, where now() is
 * the transaction's start: their timestamps equal the organisation's until someone changes them.
 */
const computedSteps = {
  product_described: sql<boolean>`(btrim(${col(organisations.productName)}) <> ''
    and btrim(${col(organisations.productDescription)}) <> '')`,
  pipeline_configured: sql<boolean>`exists (
    select 1 from ${pipelines}
    where ${col(pipelines.organisationId)} = ${col(organisations.id)}
      and ${col(pipelines.active)}
      and (${col(pipelines.createdAt)} > ${col(organisations.createdAt)}
        or ${col(pipelines.updatedAt)} > ${col(pipelines.createdAt)})
      and exists (select 1 from ${stages} where ${col(stages.pipelineId)} = ${col(pipelines.id)})
      and exists (select 1 from ${actions} where ${col(actions.pipelineId)} = ${col(pipelines.id)}))`,
  objection_types_reviewed: sql<boolean>`exists (
    select 1 from ${objectionTypes}
    where ${col(objectionTypes.organisationId)} = ${col(organisations.id)}
      and (${col(objectionTypes.source)} <> 'system'
        or ${col(objectionTypes.createdAt)} > ${col(organisations.createdAt)}
        or ${col(objectionTypes.updatedAt)} > ${col(organisations.createdAt)}))`,
  crm_linked_or_data_imported: sql<boolean>`(exists (
      select 1 from ${crmIntegrations}
      where ${col(crmIntegrations.organisationId)} = ${col(organisations.id)}
        and ${col(crmIntegrations.status)} = 'linked')
    or exists (select 1 from ${deals} where ${col(deals.organisationId)} = ${col(organisations.id)})
    or exists (
      select 1 from ${engagements} where ${col(engagements.organisationId)} = ${col(organisations.id)}))`,
  // A second user (offset 1), or anyone invited: a registration that names the organisation.
  teammates_invited: sql<boolean>`(exists (
      select 1 from ${users} where ${col(users.organisationId)} = ${col(organisations.id)} offset 1)
    or exists (
      select 1 from ${registrations}
      where ${col(registrations.organisationId)} = ${col(organisations.id)}))`,
} satisfies Record<OnboardingStepKey, unknown>

/** Every step's computed state and the hand ticks, in one query; undefined without the organisation. */
export async function findChecklistState(
  db: Database,
  organisationId: string,
): Promise<ChecklistState | undefined> {
  const [row] = await db
    .select({
      ...computedSteps,
      setting: sql<unknown>`(select ${col(appSettings.value)} from ${appSettings}
        where ${col(appSettings.organisationId)} = ${col(organisations.id)}
          and ${col(appSettings.key)} = ${CHECKLIST_SETTING_KEY})`,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  if (!row) return undefined
  const computed = Object.fromEntries(
    ONBOARDING_STEP_KEYS.map((key) => [key, row[key] === true]),
  ) as Record<OnboardingStepKey, boolean>
  return { computed, setting: row.setting }
}

/**
 * Ticks and unticks steps by hand, merged into what is stored in one statement, so concurrent
 * changes to different steps both survive.
 */
export async function mergeChecklistTicks(
  db: Database,
  organisationId: string,
  tick: readonly OnboardingStepKey[],
  untick: readonly OnboardingStepKey[],
): Promise<void> {
  const added = JSON.stringify(Object.fromEntries(tick.map((key) => [key, true])))
  const removed = sql`array[${sql.join(
    untick.map((key) => sql`${key}`),
    sql`, `,
  )}]::text[]`
  const current = sql`(case when jsonb_typeof(${appSettings.value} -> 'ticked') = 'object'
    then ${appSettings.value} -> 'ticked' else '{}'::jsonb end)`
  await db
    .insert(appSettings)
    .values({
      organisationId,
      key: CHECKLIST_SETTING_KEY,
      value: sql`jsonb_build_object('ticked', ${added}::jsonb - ${removed})`,
    })
    .onConflictDoUpdate({
      target: [appSettings.organisationId, appSettings.key],
      set: {
        value: sql`jsonb_build_object('ticked', (${current} || ${added}::jsonb) - ${removed})`,
        updatedAt: sql`now()`,
      },
    })
}
