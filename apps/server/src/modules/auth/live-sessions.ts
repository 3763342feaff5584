import type { Database } from '../../db/client.js'
import { isSessionLive } from './auth.repository.js'

/** How long one replica trusts what it last read about a session (ADR 0016). */
export const LIVE_SESSION_CACHE_SECONDS = 5

// Bounded so that a flood of distinct (valid) tokens cannot grow the process without limit.
const MAX_CACHED_SESSIONS = 10_000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface CachedAnswer {
  userId: string
  live: boolean
  until: number
}

/**
 * ASVS 3.3.1/3.3.3: an access token is only honoured while its session (refresh-token family) is
 * live, so logout and a password change end it at once instead of when the token expires. Answers
 * are cached a few seconds per session to spare a query on every call; revocations made by this
 * process forget them at once, other replicas notice within the cache time.
 */
export function createLiveSessions(deps: { db: Database; now?: () => number }) {
  const { db, now = Date.now } = deps
  const cache = new Map<string, CachedAnswer>()

  function remember(sessionId: string, answer: CachedAnswer) {
    cache.delete(sessionId)
    if (cache.size >= MAX_CACHED_SESSIONS) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    cache.set(sessionId, answer)
  }

  return {
    async isLive(userId: string, sessionId: string): Promise<boolean> {
      // Only our own signature gets here, but a malformed id must not reach a uuid column.
      if (!UUID.test(userId) || !UUID.test(sessionId)) return false
      const cached = cache.get(sessionId)
      if (cached && cached.userId === userId && cached.until > now()) return cached.live
      const live = await isSessionLive(db, userId, sessionId)
      remember(sessionId, { userId, live, until: now() + LIVE_SESSION_CACHE_SECONDS * 1000 })
      return live
    },

    /** After this process revoked one session. */
    forgetSession(sessionId: string) {
      cache.delete(sessionId)
    },

    /** After this process revoked several sessions of a user (a password change). */
    forgetUser(userId: string) {
      for (const [sessionId, answer] of cache) {
        if (answer.userId === userId) cache.delete(sessionId)
      }
    },
  }
}

export type LiveSessions = ReturnType<typeof createLiveSessions>
