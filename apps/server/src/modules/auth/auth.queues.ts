import { z } from 'zod'
import { defineQueue } from '../../jobs/queue-definition.js'

/** Hourly clean-up of expired throttle counters, refresh tokens and registrations. */
export const AUTH_CLEANUP_QUEUE = defineQueue({
  name: 'auth-cleanup',
  payload: z.object({}),
  options: { retryLimit: 2 },
  schedule: '17 * * * *',
})
