import { eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../../db/client.js'
import { authThrottle } from '../../db/schema/accounts.js'

/**
 * Counts one attempt in a fixed window and answers the count, with the lock's remaining seconds.
 * One statement, so concurrent attempts each get their own count: the caller lets through only
 * those within the limit, before the (slow) check it throttles. Reaching the limit locks the key
 * for `lockSeconds`; a locked key's window does not restart, so its count stays over the limit
 * until the lock is over.
 */
export async function claimThrottleAttempt(
  db: Database,
  key: string,
  policy: { limit: number; windowSeconds: number; lockSeconds: number },
): Promise<{ attempts: number; lockedSeconds: number }> {
  const windowOver = sql`("auth_throttle"."window_started_at" <= now() - make_interval(secs => ${policy.windowSeconds}) and ("auth_throttle"."locked_until" is null or "auth_throttle"."locked_until" <= now()))`
  const attempts = sql`case when ${windowOver} then 1 else "auth_throttle"."failures" + 1 end`
  const lockUntil = sql`now() + make_interval(secs => ${policy.lockSeconds})`
  const [row] = await db
    .insert(authThrottle)
    .values({
      key,
      failures: 1,
      windowStartedAt: sql`now()`,
      lockedUntil: policy.limit <= 1 ? lockUntil : null,
    })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`case when ${windowOver} then now() else "auth_throttle"."window_started_at" end`,
        // An attempt past the limit does not extend the lock: waiting it out is enough.
        lockedUntil: sql`case when ${attempts} = ${policy.limit} then ${lockUntil} when ${windowOver} then null else "auth_throttle"."locked_until" end`,
      },
    })
    .returning({
      attempts: authThrottle.failures,
      lockedSeconds: sql<number>`coalesce(greatest(extract(epoch from (${authThrottle.lockedUntil} - now())), 0), 0)::float8`,
    })
  if (!row) throw new Error('upsert into auth_throttle returned no row')
  return { attempts: row.attempts, lockedSeconds: Number(row.lockedSeconds) }
}

/**
 * Takes back one attempt that turned out not to be a failure (a sign-in that succeeded), with the
 * lock it may have set by reaching the limit.
 */
export async function releaseThrottleAttempt(db: Database, key: string, limit: number) {
  await db
    .update(authThrottle)
    .set({
      failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
      lockedUntil: sql`case when ${authThrottle.failures} - 1 < ${limit} then null else ${authThrottle.lockedUntil} end`,
    })
    .where(eq(authThrottle.key, key))
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
