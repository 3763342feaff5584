import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { id, createdAt } from './columns.js'
import { organisations } from './organisations.js'

export const outboxStatus = pgEnum('outbox_status', ['queued', 'sent', 'logged', 'failed'])

/** E-mails are written here first, in the same transaction as what caused them, then delivered by a job. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    status: outboxStatus('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Set while one delivery holds the row, so a duplicate job cannot send it a second time. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * When the row last showed progress: queued, an attempt started, or re-sent by the sweep. A
     * row still `queued` long after it has lost its job, and the sweep sends it again.
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status, t.createdAt)],
)
