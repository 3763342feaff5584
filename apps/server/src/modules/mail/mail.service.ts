import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import type { MailTransport } from './mail-transport.js'
import { MAIL_DELIVERY_QUEUE } from './mail.queues.js'
import {
  claimOutboxEmail,
  insertOutboxEmail,
  lockStuckOutboxEmails,
  markOutboxEmailAttemptFailed,
  markOutboxEmailDelivered,
  type NewOutboxEmail,
  type OutboxEmail,
  touchOutboxEmails,
} from './mail.repository.js'

/**
 * How long one delivery may hold an e-mail before another may take it over: longer than an SMTP
 * send can last (nodemailer gives up on a silent socket after 10 minutes).
 */
export const DELIVERY_LEASE_SECONDS = 15 * 60
/**
 * How long a queued e-mail may show no progress before the sweep decides its job is lost: longer
 * than the longest wait between the delivery job's retries (pg-boss's back-off before the fifth
 * retry is 30 s × 2⁴ × 1–2, at most 16 minutes).
 */
export const STUCK_AFTER_SECONDS = 20 * 60
const SWEEP_BATCH_SIZE = 100

export interface MailService {
  /**
   * Stores the e-mail in the outbox and queues its delivery, both in `tx` when given (so the
   * e-mail exists only if what caused it commits), else in a transaction of its own.
   */
  queue(email: NewOutboxEmail, tx?: Database): Promise<OutboxEmail>
  /**
   * Delivers one outbox e-mail at most once: the row is claimed first, so a duplicate job finds
   * nothing to do. A failure is recorded and rethrown so the job is retried.
   */
  deliver(outboxId: string, options?: { finalAttempt?: boolean }): Promise<void>
  /** Sends a new delivery job for queued e-mails whose job was lost; answers how many. */
  sweepStuck(): Promise<number>
}

export function createMailService(deps: {
  db: Database
  jobs: JobQueue
  transport: MailTransport
  from: string
}): MailService {
  const { db, jobs, transport, from } = deps

  async function queueIn(tx: Database, email: NewOutboxEmail) {
    const row = await insertOutboxEmail(tx, email)
    await jobs.enqueue(tx, MAIL_DELIVERY_QUEUE, { outboxId: row.id })
    return row
  }

  return {
    queue: (email, tx) => (tx ? queueIn(tx, email) : db.transaction((own) => queueIn(own, email))),

    deliver: async (outboxId, options = {}) => {
      const email = await claimOutboxEmail(db, outboxId, DELIVERY_LEASE_SECONDS)
      if (!email) return
      try {
        const outcome = await transport.deliver({
          from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
        })
        await markOutboxEmailDelivered(db, outboxId, outcome)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        await markOutboxEmailAttemptFailed(db, outboxId, message, options.finalAttempt ?? false)
        throw error
      }
    },

    sweepStuck: () =>
      // The new jobs and the rows' progress mark commit together, so a row is sent one job per
      // sweep at most and the next sweep leaves it alone while that job runs.
      db.transaction(async (tx) => {
        const ids = await lockStuckOutboxEmails(tx, {
          quietSeconds: STUCK_AFTER_SECONDS,
          leaseSeconds: DELIVERY_LEASE_SECONDS,
          limit: SWEEP_BATCH_SIZE,
        })
        for (const outboxId of ids) await jobs.enqueue(tx, MAIL_DELIVERY_QUEUE, { outboxId })
        await touchOutboxEmails(tx, ids)
        return ids.length
      }),
  }
}
