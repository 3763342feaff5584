import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import { Invalid } from '../../lib/domain-errors.js'
import { commonPasswords } from './common-passwords.js'

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). The full password is
 * hashed as given: no truncation, no normalisation (ASVS 2.1.2, 2.1.3).
 */
const ARGON2_OPTIONS = {
  // Algorithm.Argon2id: a const enum, which isolatedModules cannot read from a declaration file.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password. Without a stored hash (unknown e-mail, social-only account) it verifies
 * against a dummy hash anyway, so both answers cost the same time.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  if (!storedHash) {
    dummyHash ??= hashPassword('dealcoach-dummy-password-for-equal-work')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

export interface PasswordContext {
  email?: string
}

/**
 * Why a password is refused: the stable sub-code of a `weak_password` detail, which clients word
 * in their own language, with the values it names.
 */
export type PasswordProblemCode =
  'too_short' | 'too_long' | 'common' | 'repeated_character' | 'matches_email'

export interface PasswordProblem {
  code: PasswordProblemCode
  /** The reason in English, for API users reading the answer. */
  message: string
  params?: Record<string, number>
}

/**
 * ASVS 2.1.1, 2.1.2, 2.1.7, 2.1.9: length only, no composition rules; refuses the most common
 * passwords and the account's own e-mail address. Answers the problem, or undefined when fine.
 */
export function passwordProblem(
  password: string,
  context: PasswordContext = {},
): PasswordProblem | undefined {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) {
    return {
      code: 'too_short',
      message: `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
      params: { min: PASSWORD_MIN_LENGTH },
    }
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return {
      code: 'too_long',
      message: `must be at most ${PASSWORD_MAX_LENGTH} characters long`,
      params: { max: PASSWORD_MAX_LENGTH },
    }
  }
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower)) {
    return {
      code: 'common',
      message: 'is one of the most commonly used passwords; choose a less common one',
    }
  }
  if (/^(.)\1+$/su.test(password)) {
    return { code: 'repeated_character', message: 'must not be one character repeated' }
  }
  const email = context.email?.toLowerCase()
  if (email && (lower === email || lower === email.split('@')[0])) {
    return { code: 'matches_email', message: 'must not be your e-mail address' }
  }
  return undefined
}

/** Refuses a password that is not good enough; `field` names it in the caller's input. */
export function assertStrongPassword(field: string, password: string, context?: PasswordContext) {
  const problem = passwordProblem(password, context)
  if (problem) throw new Invalid([{ field, ...problem }], { code: 'weak_password' })
}
