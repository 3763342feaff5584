import type { OnboardingStepKey } from '@dealcoach/contracts/onboarding'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { appSettings, onboardingForms } from '../../db/schema/settings.js'

// DESIGN §4 puts onboarding_forms and app_settings in the organisations area; this module is
// their one owner: the questionnaire and the checklist's ticks (app_settings' only key so far).

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

/** The checklist's hand ticks as stored (may be anything jsonb holds); undefined if none. */
export async function findChecklistSetting(db: Database, organisationId: string): Promise<unknown> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(
      and(
        eq(appSettings.organisationId, organisationId),
        eq(appSettings.key, CHECKLIST_SETTING_KEY),
      ),
    )
  return row?.value
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
