import type { PgBoss } from 'pg-boss'
import type { Database } from '../../db/client.js'
import { purgeExpiredAuthState } from './auth-cleanup.service.js'

export const AUTH_CLEANUP_QUEUE = 'auth-cleanup'

export async function createAuthQueues(boss: PgBoss) {
  await boss.createQueue(AUTH_CLEANUP_QUEUE, { retryLimit: 2 })
}

/** Hourly clean-up of expired throttle counters, refresh tokens and registrations. */
export async function registerAuthWorkers(boss: PgBoss, db: Database) {
  await boss.work(AUTH_CLEANUP_QUEUE, async () => {
    await purgeExpiredAuthState(db)
  })
  await boss.schedule(AUTH_CLEANUP_QUEUE, '17 * * * *')
}
