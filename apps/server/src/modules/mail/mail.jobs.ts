import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { MAIL_DELIVERY_QUEUE, MAIL_OUTBOX_SWEEP_QUEUE } from './mail.queues.js'
import type { MailService } from './mail.service.js'

export function mailJobs(mail: MailService): RegisteredJob[] {
  return [
    handleJobs(MAIL_DELIVERY_QUEUE, ({ outboxId }, job) =>
      mail.deliver(outboxId, { finalAttempt: job.finalAttempt }),
    ),
    handleJobs(MAIL_OUTBOX_SWEEP_QUEUE, async () => {
      await mail.sweepStuck()
    }),
  ]
}
