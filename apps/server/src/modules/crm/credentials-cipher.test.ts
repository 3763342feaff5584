import { describe, expect, it } from 'vitest'
import { createCredentialsCipher, CredentialsUnreadable } from './credentials-cipher.js'

describe('CRM credentials cipher', () => {
  const cipher = createCredentialsCipher(Buffer.alloc(32, 1))
  const secret = { accessToken: 'pat-na1-secret', refreshToken: null }

  it('round-trips, with a fresh IV each time and no plaintext in the stored value', () => {
    const first = cipher.encrypt(secret, 'org-a')
    const second = cipher.encrypt(secret, 'org-a')
    expect(first).not.toBe(second)
    expect(first).not.toContain('pat-na1')
    expect(cipher.decrypt(first, 'org-a')).toEqual(secret)
  })

  it('refuses another organisation’s value, another key and a tampered one', () => {
    const stored = cipher.encrypt(secret, 'org-a')
    expect(() => cipher.decrypt(stored, 'org-b')).toThrow(CredentialsUnreadable)
    const otherKey = createCredentialsCipher(Buffer.alloc(32, 2))
    expect(() => otherKey.decrypt(stored, 'org-a')).toThrow(CredentialsUnreadable)
    const parts = stored.split('.')
    const data = Buffer.from(parts[3] ?? '', 'base64url')
    data[0] = (data[0] ?? 0) ^ 1
    parts[3] = data.toString('base64url')
    expect(() => cipher.decrypt(parts.join('.'), 'org-a')).toThrow(CredentialsUnreadable)
    expect(() => cipher.decrypt('plain-text', 'org-a')).toThrow(CredentialsUnreadable)
  })

  it('signs states and rejects any change to them', () => {
    const state = cipher.sign({ organisationId: 'org-a', expiresAt: 1 })
    expect(cipher.verify(state)).toEqual({ organisationId: 'org-a', expiresAt: 1 })
    const [body, mac] = state.split('.')
    const forged = Buffer.from(JSON.stringify({ organisationId: 'org-b', expiresAt: 1 }))
    expect(cipher.verify(`${forged.toString('base64url')}.${mac}`)).toBeUndefined()
    expect(cipher.verify(`${body}.x${mac}`)).toBeUndefined()
    expect(cipher.verify('nonsense')).toBeUndefined()
    expect(createCredentialsCipher(Buffer.alloc(32, 2)).verify(state)).toBeUndefined()
  })
})
