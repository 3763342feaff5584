import { createHash, randomBytes } from 'node:crypto'

/** A random 256-bit secret, base64url (join keys, refresh tokens). */
export function createOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Secrets are stored only as their SHA-256 (hex); a database leak does not reveal them. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}
