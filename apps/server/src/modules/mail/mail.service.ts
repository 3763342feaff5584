import type { Database } from '../../db/client.js'
import type { JobQueue } from '../../jobs/job-queue.js'
import type { MailTransport } from './mail-transport.js'
import { MAIL_DELIVERY_QUEUE } from './mail.queues.js'
import {
  findOutboxEmail,
  insertOutboxEmail,
  markOutboxEmailAttemptFailed,
  markOutboxEmailDelivered,
  type NewOutboxEmail,
  type OutboxEmail,
} from './mail.repository.js'

export interface MailService {
  /**
   * Stores the e-mail in the outbox and queues its delivery, both in `tx` when given (so the
   * e-mail exists only if what caused it commits), else in a transaction of its own.
   */
  queue(email: NewOutboxEmail, tx?: Database): Promise<OutboxEmail>
  /** Delivers one outbox e-mail; a failure is recorded and rethrown so the job is retried. */
  deliver(outboxId: string, options?: { finalAttempt?: boolean }): Promise<void>
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
      const email = await findOutboxEmail(db, outboxId)
      if (!email || email.status === 'sent' || email.status === 'logged') return
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
  }
}
