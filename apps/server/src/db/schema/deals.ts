import { type Column, type SQL, sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  type ExtraConfigColumn,
  primaryKey,
  integer,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, createdAt, updatedAt } from './columns.js'
import { users } from './accounts.js'
import { organisationId } from './organisations.js'
import { pipelines, stages } from './pipelines.js'

export const dealStatus = pgEnum('deal_status', ['open', 'won', 'lost'])
/** Where a deal came from: typed in, the demo workspace, a CSV import or a CRM sync. */
export const dealSource = pgEnum('deal_source', ['manual', 'demo', 'import', 'crm'])

/**
 * What a deal search reads: the deal's name and its account as one text. The word index's
 * expression (ADR 0023), which a query must repeat to use it; `search_text` keeps it in lower
 * case for the trigram index and the containment check (ADR 0029).
 */
const dealSearchText = (t: { name: Column; accountName: Column }): SQL =>
  sql`(${t.name} || ' ' || coalesce(${t.accountName}, ''))`

/**
 * The words of a deal's search text, as the word index holds them: 'simple' (lower case, no
 * stemming, no stop words). The parser leaves a protocol such as `https://` out of the words, so
 * `://` is read as a space: every run of letters and digits after a space then begins a word.
 */
export const dealSearchWords = (t: { name: Column; accountName: Column }): SQL =>
  sql`to_tsvector('simple', replace(${dealSearchText(t)}, '://', ' '))`

/** An order column's two list indexes, ascending and descending, with the list's tie-breakers. */
function orderIndexes(
  name: string,
  column: ExtraConfigColumn,
  t: Record<'organisationId' | 'pipelineId' | 'createdAt' | 'id', ExtraConfigColumn>,
  /** The column the order groups by first, ascending both ways (amounts by currency). */
  group?: ExtraConfigColumn,
) {
  // Built afresh for each index: `.on()` consumes a column's order settings. Descending is
  // nulls first in PostgreSQL, which is what the list's `created_at desc, id desc` asks for.
  const tieBreakers = () => [t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()] as const
  const grouped = () => (group ? [group.asc().nullsLast()] : [])
  return [
    index(`deals_${name}_asc_idx`).on(
      t.organisationId,
      t.pipelineId,
      ...grouped(),
      column.asc().nullsLast(),
      ...tieBreakers(),
    ),
    index(`deals_${name}_desc_idx`).on(
      t.organisationId,
      t.pipelineId,
      ...grouped(),
      column.desc().nullsLast(),
      ...tieBreakers(),
    ),
  ]
}

export const deals = pgTable(
  'deals',
  {
    id: id(),
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The buyer company. */
    accountName: text('account_name'),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    currency: text('currency'),
    closeDate: date('close_date'),
    status: dealStatus('status').notNull().default('open'),
    remoteId: text('remote_id'),
    source: dealSource('source').notNull().default('manual'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    /**
     * The current assessment's confidence (0–100), null until analysed: a copy the analysis job
     * writes with each assessment, so the deal list sorts and filters on it without a join.
     */
    confidence: smallint('confidence'),
    /**
     * The search text (dealSearchText) in lower case, kept by PostgreSQL: a search compares its
     * candidates' bytes with it instead of lower-casing each one per request (ADR 0029). Not
     * part of a deal as the API shows it (DEAL_COLUMNS leaves it out).
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower("name" || ' ' || coalesce("account_name", ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The filters' indexes, by stage and by owner, are made in SQL by migrations 0022 and 0033:
    // Drizzle cannot declare their INCLUDE columns, which let a filtered list's total be counted
    // from the index alone without making the indexes look cheaper than the order indexes for the
    // page.
    index('deals_owner_idx').on(t.organisationId, t.ownerId),
    // Status filters, and the activity health's recent open deals by stage from the index alone:
    // a range on last_activity_at (active and cooling are the last 21 days) instead of every
    // open deal; stage_id last so that no heap is read (ADR 0021).
    index('deals_status_activity_idx').on(
      t.organisationId,
      t.pipelineId,
      t.status,
      t.lastActivityAt,
      t.stageId,
    ),
    // The confidence stats' bands and calibration, over a pipeline or a period of close dates,
    // from the index alone (ADR 0010).
    index('deals_close_confidence_idx').on(
      t.organisationId,
      t.pipelineId,
      t.closeDate,
      t.status,
      t.confidence,
    ),
    // The list's orders, each way (nulls last both ways), ending in the list's tie-breakers: an
    // index scan that stops at the page, and index-only offset walks for deep pages, instead of
    // sorting a 100k-deal pipeline (EXPLAIN figures in docs/benchmarks.md). Ascending close
    // dates also serve the close-date range filters.
    ...orderIndexes('last_activity', t.lastActivityAt, t),
    ...orderIndexes('confidence', t.confidence, t),
    // Amounts by currency first: amounts in different currencies do not compare (ADR 0037).
    ...orderIndexes('amount', t.amount, t, t.currency),
    ...orderIndexes('close_date', t.closeDate, t),
    ...orderIndexes('name', t.name, t),
    // The newest (or oldest) deals first: "See the deals" after an import. Walked backwards for
    // the newest, as the order has no nulls and is its own tie-breaker.
    index('deals_created_idx').on(t.organisationId, t.pipelineId, t.createdAt, t.id),
    // The search's words: a search of several words finds its candidates here (ADR 0023).
    index('deals_search_words_idx').using('gin', dealSearchWords(t)),
    // "My deals": the owner filter in the default order.
    index('deals_owner_activity_idx').on(
      t.organisationId,
      t.pipelineId,
      t.ownerId,
      t.lastActivityAt.desc().nullsLast(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check('deals_confidence_range', sql`${t.confidence} between 0 and 100`),
    uniqueIndex('deals_remote_id_key')
      .on(t.organisationId, t.remoteId)
      .where(sql`${t.remoteId} is not null`),
  ],
)

export const dealStageHistory = pgTable(
  'deal_stage_history',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    // No foreign keys to stages: the history outlives a removed stage (ADR 0034). Its id stays
    // and its name is kept here when it goes; a live stage's name is read from `stages`.
    fromStageId: uuid('from_stage_id'),
    toStageId: uuid('to_stage_id').notNull(),
    /** The from stage's name once that stage is removed; null while it exists. */
    fromStageName: text('from_stage_name'),
    /** The to stage's name once that stage is removed; null while it exists. */
    toStageName: text('to_stage_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('deal_stage_history_deal_idx').on(t.dealId, t.changedAt)],
)

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    organisationId: organisationId(),
    name: text('name').notNull(),
    email: text('email'),
    title: text('title'),
    company: text('company'),
    remoteId: text('remote_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contacts_email_idx').on(t.organisationId, sql`lower(${t.email})`),
    uniqueIndex('contacts_remote_id_key')
      .on(t.organisationId, t.remoteId)
      .where(sql`${t.remoteId} is not null`),
  ],
)

export const dealContacts = pgTable(
  'deal_contacts',
  {
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    role: text('role'),
  },
  (t) => [
    primaryKey({ columns: [t.dealId, t.contactId] }),
    index('deal_contacts_contact_idx').on(t.contactId),
  ],
)

/**
 * How many deals each pipeline holds, so the deal list's `total` for a whole pipeline is one row
 * instead of counting 100,000 index entries per request. Kept by statement triggers on `deals`
 * (migration 0009), which see every write path: the API, the demo, imports and cascades.
 */
export const pipelineDealCounts = pgTable('pipeline_deal_counts', {
  pipelineId: uuid('pipeline_id')
    .primaryKey()
    .references(() => pipelines.id, { onDelete: 'cascade' }),
  organisationId: organisationId(),
  dealCount: integer('deal_count').notNull().default(0),
})

/**
 * How many deals each stage holds in each status, so the activity health's per-stage totals are
 * a few rows instead of every open deal of the pipeline. Kept by statement triggers on `deals`
 * like pipeline_deal_counts (migration 0020, ADR 0021).
 */
export const stageDealCounts = pgTable(
  'stage_deal_counts',
  {
    stageId: uuid('stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    status: dealStatus('status').notNull(),
    organisationId: organisationId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    dealCount: integer('deal_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.stageId, t.status] }),
    index('stage_deal_counts_pipeline_idx').on(t.organisationId, t.pipelineId, t.status),
  ],
)
