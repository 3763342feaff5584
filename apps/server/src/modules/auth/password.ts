import { type Algorithm, hash, verify } from '@node-rs/argon2'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
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
 * ASVS 2.1.1, 2.1.2, 2.1.7, 2.1.9: length only, no composition rules; refuses the most common
 * passwords and the account's own e-mail address. Answers the problem, or undefined when fine.
 */
export function passwordProblem(password: string, context: PasswordContext = {}) {
  const length = [...password].length
  if (length < PASSWORD_MIN_LENGTH) {
    return `must be at least ${PASSWORD_MIN_LENGTH} characters long`
  }
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters long`
  const lower = password.toLowerCase()
  if (commonPasswords().has(lower)) {
    return 'is one of the most commonly used passwords; choose a less common one'
  }
  if (/^(.)\1+$/su.test(password)) return 'must not be one character repeated'
  const email = context.email?.toLowerCase()
  if (email && (lower === email || lower === email.split('@')[0])) {
    return 'must not be your e-mail address'
  }
  return undefined
}
