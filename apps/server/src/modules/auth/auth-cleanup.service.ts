import type { Database } from '../../db/client.js'
import { deleteExpiredThrottles } from './auth-throttle.repository.js'
import {
  deleteExpiredIdTokens,
  deleteExpiredPasswordResets,
  deleteExpiredRefreshTokens,
  deleteExpiredRegistrations,
} from './auth.repository.js'

const ONE_DAY = 86_400

/**
 * Forgets authentication state nobody can use any more: throttle counters whose window and lock
 * are over, refresh tokens past their expiry, registrations and password-reset links expired
 * for 30 days (until then an old link still answers "expired" rather than "not valid"), and
 * used provider ID tokens past their expiry (the token itself is refused by then).
 */
export function createAuthCleanupService({ db }: { db: Database }) {
  return {
    async purgeExpired(): Promise<void> {
      await deleteExpiredThrottles(db, ONE_DAY)
      await deleteExpiredRefreshTokens(db, ONE_DAY)
      await deleteExpiredRegistrations(db, 30 * ONE_DAY)
      await deleteExpiredPasswordResets(db, 30 * ONE_DAY)
      await deleteExpiredIdTokens(db)
    },
  }
}

export type AuthCleanupService = ReturnType<typeof createAuthCleanupService>
