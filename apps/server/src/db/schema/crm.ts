import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { organisationId } from './organisations.js'

export const crmIntegrations = pgTable(
  'crm_integrations',
  {
    id: id(),
    organisationId: organisationId(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    accountName: text('account_name'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_integrations_provider_key').on(t.organisationId, t.provider)],
)
