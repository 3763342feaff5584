import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
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

/** Not claimed, or claimed by a delivery that has been silent for longer than the lease. */
const claimable = (leaseSeconds: number) =>
  or(
    isNull(outboxEmails.claimedAt),
    lt(outboxEmails.claimedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
  )

/**
 * Takes a queued e-mail for one delivery. One statement, so of two deliveries of the same row
 * (the sweep's and the original job, or two workers) exactly one gets it; undefined for the
 * other, and for an e-mail that is no longer queued.
 */
export async function claimOutboxEmail(
  db: Database,
  id: string,
  leaseSeconds: number,
): Promise<OutboxEmail | undefined> {
  const [row] = await db
    .update(outboxEmails)
    .set({ claimedAt: sql`now()`, lastActivityAt: sql`now()` })
    .where(and(eq(outboxEmails.id, id), eq(outboxEmails.status, 'queued'), claimable(leaseSeconds)))
    .returning()
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
      claimedAt: null,
    })
    .where(eq(outboxEmails.id, id))
}

/** Records a failed attempt and lets the row go, so the job's retry can claim it again. */
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
      claimedAt: null,
    })
    .where(eq(outboxEmails.id, id))
}

/**
 * Queued e-mails that have shown no progress for `quietSeconds` and that no delivery holds: their
 * job is gone. Locked (skipping rows another sweep holds) until the caller's transaction ends.
 */
export async function lockStuckOutboxEmails(
  db: Database,
  options: { quietSeconds: number; leaseSeconds: number; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.status, 'queued'),
        lt(
          outboxEmails.lastActivityAt,
          sql`now() - make_interval(secs => ${options.quietSeconds})`,
        ),
        claimable(options.leaseSeconds),
      ),
    )
    .orderBy(asc(outboxEmails.lastActivityAt))
    .limit(options.limit)
    .for('update', { skipLocked: true })
  return rows.map((row) => row.id)
}

/** Marks e-mails as having made progress (the sweep has sent them a new job). */
export async function touchOutboxEmails(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return
  await db
    .update(outboxEmails)
    .set({ lastActivityAt: sql`now()` })
    .where(inArray(outboxEmails.id, ids))
}
