import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '../../lib/caller.js'
import { signAccessToken, verifyAccessToken } from './access-token.js'

const secret = 'unit-test-secret-unit-test-secret-0123456789'
const user: AuthUser = {
  id: '0b7f3a3e-6d3c-4b57-9d59-0b6c8f1b2a11',
  organisationId: '5a1c9f4e-2f61-4f0e-8d6e-7c1e0e6b9a22',
  role: 'member',
  firstName: 'Ada',
  lastName: 'Lovelace',
  sessionId: 'c0a80101-0000-4000-8000-000000000001',
}

describe('access tokens', () => {
  it('carries the claims of DESIGN §5 and lives 15 minutes', async () => {
    const token = await signAccessToken(secret, user)
    const [header = '', payload = ''] = token.split('.')
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    })
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      number | string
    >
    expect(claims).toMatchObject({
      sub: user.id,
      organisation: user.organisationId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'member',
      sid: user.sessionId,
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900)
    expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, user })
  })

  it('tells an expired token from an invalid one', async () => {
    const expired = await signAccessToken(secret, user, {
      issuedAt: Math.floor(Date.now() / 1000) - 3600,
    })
    expect(await verifyAccessToken(secret, expired)).toEqual({ ok: false, reason: 'expired' })
    const token = await signAccessToken(secret, user)
    expect(await verifyAccessToken(`${secret}-other`, token)).toEqual({
      ok: false,
      reason: 'invalid',
    })
    expect(await verifyAccessToken(secret, `${token}x`)).toEqual({ ok: false, reason: 'invalid' })
  })

  describe('verified once, then remembered', () => {
    afterEach(() => vi.useRealTimers())

    it('accepts the same token again until the second it expires, then calls it expired', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-25T10:00:00Z') })
      const token = await signAccessToken(secret, user, { expiresInSeconds: 60 })
      expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, user })

      vi.setSystemTime(new Date('2026-11-25T10:00:59Z'))
      expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, user })

      vi.setSystemTime(new Date('2026-11-25T10:01:00Z'))
      expect(await verifyAccessToken(secret, token)).toEqual({ ok: false, reason: 'expired' })
      expect(await verifyAccessToken(secret, token)).toEqual({ ok: false, reason: 'expired' })
    })

    it('does not accept a token verified under one secret under another', async () => {
      const token = await signAccessToken(secret, user)
      expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, user })
      expect(await verifyAccessToken(`${secret}-rotated`, token)).toEqual({
        ok: false,
        reason: 'invalid',
      })
    })
  })
})
