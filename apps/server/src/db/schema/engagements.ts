import { sql } from 'drizzle-orm'
import {
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { id, createdAt } from './columns.js'
import { deals } from './deals.js'
import { organisationId } from './organisations.js'

export const engagementType = pgEnum('engagement_type', ['email', 'transcript', 'meeting', 'note'])

export interface Utterance {
  speaker: string
  role: 'seller' | 'buyer' | 'unknown'
  text: string
  start_ms?: number
}

export const engagements = pgTable(
  'engagements',
  {
    id: id(),
    organisationId: organisationId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    type: engagementType('type').notNull(),
    name: text('name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    direction: text('direction'),
    participants: jsonb('participants').$type<string[]>().notNull().default([]),
    body: text('body').notNull().default(''),
    utterances: jsonb('utterances').$type<Utterance[]>().notNull().default([]),
    /** The uploaded file's name, when the engagement came from a file. */
    sourceFileName: text('source_file_name'),
    /** SHA-256 of the normalised content: the same call uploaded twice to a deal is refused. */
    contentHash: text('content_hash'),
    remoteId: text('remote_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('engagements_deal_content_hash_key')
      .on(t.dealId, t.contentHash)
      .where(sql`${t.contentHash} is not null`),
    uniqueIndex('engagements_remote_id_key')
      .on(t.organisationId, t.remoteId)
      .where(sql`${t.remoteId} is not null`),
    index('engagements_deal_idx').on(t.dealId, t.occurredAt),
    // deal_id and id ride along so that a pipeline's activity window is an index-only scan.
    index('engagements_organisation_idx').on(t.organisationId, t.occurredAt, t.dealId, t.id),
  ],
)
