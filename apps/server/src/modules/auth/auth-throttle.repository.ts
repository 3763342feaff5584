import { and, gt, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { authThrottle } from '../../db/schema/accounts.js'

/** The longest remaining lock among the keys, in seconds; 0 when none is locked. */
export async function findLongestLock(db: Database, keys: string[]): Promise<number> {
  if (keys.length === 0) return 0
  const rows = await db
    .select({
      seconds: sql<number>`extract(epoch from (${authThrottle.lockedUntil} - now()))::float8`,
    })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.lockedUntil, sql`now()`)))
  return Math.max(0, ...rows.map((row) => Number(row.seconds)))
}

/**
 * Counts one failure in a fixed window (restarted once it is over); reaching the limit locks the
 * key for `lockSeconds`. One statement, so concurrent failures are all counted.
 */
export async function recordThrottleFailure(
  db: Database,
  key: string,
  policy: { limit: number; windowSeconds: number; lockSeconds: number },
): Promise<void> {
  const windowOver = sql`"auth_throttle"."window_started_at" <= now() - make_interval(secs => ${policy.windowSeconds})`
  const failures = sql`case when ${windowOver} then 1 else "auth_throttle"."failures" + 1 end`
  await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil:
        policy.limit <= 1 ? sql`now() + make_interval(secs => ${policy.lockSeconds})` : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${windowOver} then now() else "auth_throttle"."window_started_at" end`,
        lockedUntil: sql`case when ${failures} >= ${policy.limit} then now() + make_interval(secs => ${policy.lockSeconds}) else "auth_throttle"."locked_until" end`,
      },
    })
}

export async function deleteThrottle(db: Database, key: string): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, [key]))
}

/** Forgets counters whose window and lock are both over. */
export async function deleteExpiredThrottles(db: Database, olderThanSeconds: number) {
  await db
    .delete(authThrottle)
    .where(
      sql`${authThrottle.windowStartedAt} < now() - make_interval(secs => ${olderThanSeconds}) and (${authThrottle.lockedUntil} is null or ${authThrottle.lockedUntil} < now())`,
    )
}
