import { eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { outboxEmails } from '../../db/schema/mail.js'

export interface NewOutboxEmail {
  organisationId?: string | null
  toAddress: string
  subject: string
  textBody: string
}

export type OutboxEmail = typeof outboxEmails.$inferSelect

export async function insertOutboxEmail(db: Database, email: NewOutboxEmail): Promise<OutboxEmail> {
  const [row] = await db.insert(outboxEmails).values(email).returning()
  if (!row) throw new Error('insert into outbox_emails returned no row')
  return row
}

export async function findOutboxEmail(db: Database, id: string): Promise<OutboxEmail | undefined> {
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id))
  return row
}

export async function markOutboxEmailDelivered(
  db: Database,
  id: string,
  status: 'sent' | 'logged',
) {
  await db
    .update(outboxEmails)
    .set({
      status,
      deliveredAt: new Date(),
      attempts: sql`${outboxEmails.attempts} + 1`,
      lastError: null,
    })
    .where(eq(outboxEmails.id, id))
}

export async function markOutboxEmailAttemptFailed(
  db: Database,
  id: string,
  error: string,
  final: boolean,
) {
  await db
    .update(outboxEmails)
    .set({
      status: final ? 'failed' : 'queued',
      attempts: sql`${outboxEmails.attempts} + 1`,
      lastError: error,
    })
    .where(eq(outboxEmails.id, id))
}
