import { handleJobs, type RegisteredJob } from '../../jobs/queue-definition.js'
import { MAIL_DELIVERY_QUEUE } from './mail.queues.js'
import type { MailService } from './mail.service.js'

export function mailJobs(mail: MailService): RegisteredJob[] {
  return [
    handleJobs(MAIL_DELIVERY_QUEUE, ({ outboxId }, job) =>
      mail.deliver(outboxId, { finalAttempt: job.finalAttempt }),
    ),
  ]
}
