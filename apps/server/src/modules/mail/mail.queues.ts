import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/** Delivers one outbox e-mail; retried with back-off, the row records every attempt. */
export const MAIL_DELIVERY_QUEUE = defineQueue({
  name: 'mail-delivery',
  payload: z.object({ outboxId: z.uuid() }),
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
})
