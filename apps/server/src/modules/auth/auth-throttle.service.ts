import { createHash } from 'node:crypto'
import type { Database } from '../../db/client.js'
import { RateLimited } from '../../lib/domain-errors.js'
import {
  claimThrottleAttempt,
  deleteThrottle,
  releaseThrottleAttempt,
} from './auth-throttle.repository.js'

export interface ThrottlePolicy {
  /** Attempts allowed in one window: failed ones, or for sending e-mail every request. */
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
  // Every invitation sends an e-mail: an organisation cannot flood one address, or anyone.
  invitationOrganisation: { limit: 50, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
  invitationEmail: { limit: 3, windowSeconds: ONE_HOUR, lockSeconds: ONE_HOUR },
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

/**
 * Counts an attempt against every target before the attempt is checked, so that concurrent
 * attempts cannot all slip in under the limit (ASVS 2.2.1). Throws 429 with Retry-After when one
 * is over its limit, taking back what it counted against the targets before it: list the broader
 * target (an address) first, so a locked account does not also use up its address's allowance.
 */
export async function claimAttempts(db: Database, targets: ThrottleTarget[]): Promise<void> {
  const claimed: ThrottleTarget[] = []
  for (const target of targets) {
    const policy = THROTTLE_POLICIES[target.scope]
    const { attempts, lockedSeconds } = await claimThrottleAttempt(db, throttleKey(target), policy)
    if (attempts > policy.limit) {
      for (const earlier of claimed) await releaseAttempt(db, earlier)
      throw new RateLimited(Math.max(lockedSeconds, 1))
    }
    claimed.push(target)
  }
}

/** Takes back a claimed attempt that succeeded, where success does not reset the counter. */
export async function releaseAttempt(db: Database, target: ThrottleTarget) {
  await releaseThrottleAttempt(db, throttleKey(target), THROTTLE_POLICIES[target.scope].limit)
}

/** Forgets a target's attempts (a sign-in as the account succeeded). */
export async function resetThrottle(db: Database, target: ThrottleTarget) {
  await deleteThrottle(db, throttleKey(target))
}
