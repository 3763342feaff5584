import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { organisationId } from './organisations.js'

/** Where a running or finished CRM sync stands; the status call shows it. */
export interface CrmSyncProgress {
  /** The object type being read, e.g. `deals`; null once the sync is over. */
  phase: string | null
  /** HubSpot's paging cursor within the phase: a retried job resumes from it. */
  after: string | null
  /** Records read per object type in this sync. */
  done: Record<string, number>
  /** The newest last-modified time read per object type: the next sync's cursors. */
  seen: CrmSyncCursors
  /**
   * The phase's current search. HubSpot answers at most its search-result cap per search; past it
   * the search starts again from the newest change read (`from`, inclusive; null: from the last
   * sync's cursor). `read` counts the current search's results.
   */
  window?: SearchWindow | null
}

export interface SearchWindow {
  from: number | null
  read: number
}

/** Per object type, the newest last-modified time a finished sync saw (ms since epoch). */
export type CrmSyncCursors = Record<string, number>

/** A record the sync could not import, kept for the status call (the latest few). */
export interface CrmSyncProblem {
  object: string
  remoteId: string
  message: string
}

export const crmIntegrations = pgTable(
  'crm_integrations',
  {
    id: id(),
    organisationId: organisationId(),
    provider: text('provider').notNull(),
    /** `pending | linked | needs_reauth | disconnected` */
    status: text('status').notNull(),
    accountName: text('account_name'),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
    /** `oauth | private_app` */
    authKind: text('auth_kind'),
    /** The tokens, AES-256-GCM encrypted with the configured key; never sent to a client. */
    credentials: text('credentials'),
    /** The CRM account's own id (HubSpot portal id). */
    remoteAccountId: text('remote_account_id'),
    cursors: jsonb('cursors').$type<CrmSyncCursors>().notNull().default({}),
    /** `idle | queued | running | failed` */
    syncState: text('sync_state').notNull().default('idle'),
    syncProgress: jsonb('sync_progress').$type<CrmSyncProgress | null>(),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncFinishedAt: timestamp('sync_finished_at', { withTimezone: true }),
    /** Totals imported over every sync, per object type. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    problems: jsonb('problems').$type<CrmSyncProblem[]>().notNull().default([]),
    lastError: text('last_error'),
    syncCount: integer('sync_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_integrations_provider_key').on(t.organisationId, t.provider)],
)
