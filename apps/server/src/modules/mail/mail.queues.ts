import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/** Delivers one outbox e-mail; retried with back-off, the row records every attempt. */
export const MAIL_DELIVERY_QUEUE = defineQueue({
  name: 'mail-delivery',
  payload: z.object({ outboxId: z.uuid() }),
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
})

/** Every five minutes: sends a new delivery job for outbox e-mails whose job was lost. */
export const MAIL_OUTBOX_SWEEP_QUEUE = defineQueue({
  name: 'mail-outbox-sweep',
  payload: z.object({}),
  options: { retryLimit: 2 },
  schedule: '*/5 * * * *',
})
