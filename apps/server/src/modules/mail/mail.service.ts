import type { PgBoss } from 'pg-boss'
import type { Database } from '../../db/client.js'
import type { MailTransport } from './mail-transport.js'
import { MAIL_DELIVERY_QUEUE, type MailDeliveryJob } from './mail.jobs.js'
import {
  findOutboxEmail,
  insertOutboxEmail,
  markOutboxEmailAttemptFailed,
  markOutboxEmailDelivered,
  type NewOutboxEmail,
  type OutboxEmail,
} from './mail.repository.js'

export interface MailService {
  /** Stores the e-mail in the outbox and queues its delivery. */
  queue(email: NewOutboxEmail): Promise<OutboxEmail>
  /** Delivers one outbox e-mail; a failure is recorded and rethrown so the job is retried. */
  deliver(outboxId: string, options?: { finalAttempt?: boolean }): Promise<void>
}

export function createMailService(deps: {
  db: Database
  boss: PgBoss
  transport: MailTransport
  from: string
}): MailService {
  const { db, boss, transport, from } = deps
  return {
    queue: async (email) => {
      const row = await insertOutboxEmail(db, email)
      const job: MailDeliveryJob = { outboxId: row.id }
      await boss.send(MAIL_DELIVERY_QUEUE, job)
      return row
    },
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
