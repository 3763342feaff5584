import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.js'
import { RateLimited } from '../../lib/domain-errors.js'
import {
  deleteThrottle,
  findLongestLock,
  recordThrottleFailure,
} from './auth-throttle.repository.js'

export interface ThrottlePolicy {
  /** Failures (or, for sending e-mail, requests) allowed in one window. */
  limit: number
  windowSeconds: number
  /** How long the key stays locked once the limit is reached. */
  lockSeconds: number
}

const FIFTEEN_MINUTES = 15 * 60
const ONE_HOUR = 60 * 60

/** ASVS 2.2.1: soft lock-outs per account and per source address. */
export const THROTTLE_POLICIES = {
  loginAccount: { limit: 5, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES },
  loginIp: { limit: 50, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES },
  registrationEmail: { limit: 5, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
  registrationIp: { limit: 50, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
  passwordChange: { limit: 5, windowSeconds: FIFTEEN_MINUTES, lockSeconds: FIFTEEN_MINUTES },
  passwordResetEmail: { limit: 5, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
  passwordResetIp: { limit: 50, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
} satisfies Record<string, ThrottlePolicy>

export type ThrottleScope = keyof typeof THROTTLE_POLICIES

export interface ThrottleTarget {
  scope: ThrottleScope
  /** The account (e-mail, user id) or IP address; only its hash is stored. */
  subject: string
}

export function throttleKey({ scope, subject }: ThrottleTarget): string {
  return `${scope}:${createHash('sha256').update(subject.toLowerCase()).digest('hex')}`
}

/** Throws 429 with Retry-After when any target is locked. */
export async function assertNotThrottled(db: Database, targets: ThrottleTarget[]) {
  const seconds = await findLongestLock(db, targets.map(throttleKey))
  if (seconds > 0) throw new RateLimited(seconds)
}

export async function recordFailures(db: Database, targets: ThrottleTarget[]) {
  for (const target of targets) {
    await recordThrottleFailure(db, throttleKey(target), THROTTLE_POLICIES[target.scope])
  }
}

export async function resetThrottle(db: Database, target: ThrottleTarget) {
  await deleteThrottle(db, throttleKey(target))
}
