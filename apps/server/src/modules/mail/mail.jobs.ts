import type { PgBoss } from 'pg-boss'
import type { MailService } from './mail.service.js'

export const MAIL_DELIVERY_QUEUE = 'mail-delivery'

export interface MailDeliveryJob {
  outboxId: string
}

export async function createMailQueues(boss: PgBoss) {
  await boss.createQueue(MAIL_DELIVERY_QUEUE, { retryLimit: 5, retryDelay: 30, retryBackoff: true })
}

export async function registerMailWorkers(boss: PgBoss, mail: MailService) {
  await boss.work<MailDeliveryJob, void, { includeMetadata: true }>(
    MAIL_DELIVERY_QUEUE,
    { includeMetadata: true },
    async (jobs) => {
      for (const job of jobs) {
        await mail.deliver(job.data.outboxId, { finalAttempt: job.retryCount >= job.retryLimit })
      }
    },
  )
}
