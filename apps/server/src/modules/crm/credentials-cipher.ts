import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto'

const VERSION = 'v1'

/** Stored credentials could not be read: another key, or tampered with. */
export class CredentialsUnreadable extends Error {
  override name = 'CredentialsUnreadable'
}

/**
 * AES-256-GCM for CRM credentials at rest (ADR 0013): `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * The organisation id is the additional authenticated data, so a value copied onto another
 * organisation's row does not decrypt.
 */
export function createCredentialsCipher(key: Buffer) {
  if (key.length !== 32) throw new Error('the CRM credentials key must be 32 bytes')
  return {
    encrypt(plain: unknown, organisationId: string): string {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(organisationId))
      const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final()])
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'))
      return [VERSION, ...parts].join('.')
    },

    decrypt(stored: string, organisationId: string): unknown {
      const [version, iv, tag, data] = stored.split('.')
      if (version !== VERSION || !iv || !tag || data === undefined) {
        throw new CredentialsUnreadable('unknown credentials format')
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAAD(Buffer.from(organisationId))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        const plain = Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ])
        return JSON.parse(plain.toString('utf8')) as unknown
      } catch {
        throw new CredentialsUnreadable('the credentials do not decrypt with this key')
      }
    },

    /** An HMAC-signed, expiring value (the OAuth `state` a link token carries). */
    sign(payload: Record<string, unknown>): string {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
      return `${body}.${mac(key, body)}`
    },

    /** The signed payload, or undefined when the signature does not match. */
    verify(token: string): Record<string, unknown> | undefined {
      const [body, signature] = token.split('.')
      if (!body || !signature) return undefined
      const expected = Buffer.from(mac(key, body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined
      try {
        const value: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
        return typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)
          : undefined
      } catch {
        return undefined
      }
    },
  }
}

function mac(key: Buffer, body: string): string {
  // A separate purpose string keeps the signing key apart from the encryption use of `key`.
  return createHmac('sha256', key).update('state:').update(body).digest('base64url')
}

export type CredentialsCipher = ReturnType<typeof createCredentialsCipher>
