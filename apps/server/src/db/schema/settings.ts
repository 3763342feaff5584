import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { users } from './accounts.js'
import { organisationId } from './organisations.js'

export const appSettings = pgTable(
  'app_settings',
  {
    organisationId: organisationId(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.key] })],
)

export const onboardingForms = pgTable(
  'onboarding_forms',
  {
    id: id(),
    organisationId: organisationId(),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name'),
    email: text('email'),
    teamSize: text('team_size'),
    isPrimaryContact: boolean('is_primary_contact'),
    callRecordingApp: text('call_recording_app'),
    callRecordingAppOther: text('call_recording_app_other'),
    salesFramework: text('sales_framework').array(),
    salesFrameworkCustom: text('sales_framework_custom'),
    createdAt: createdAt(),
  },
  (t) => [index('onboarding_forms_organisation_idx').on(t.organisationId, t.createdAt)],
)
