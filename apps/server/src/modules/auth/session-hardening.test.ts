import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refreshTokens } from '../../db/schema/accounts.js'
import { refreshCookieOf, signUp } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; message: string } }

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const codeOf = (response: LightMyRequestResponse) => response.json<ErrorJson>().error.code

/** Issue 18: sessions that survive several tabs, and that end when they should. */
describe('session hardening', () => {
  let testApp: TestApp
  const app = () => testApp.app

  const refresh = (token: string, headers: Record<string, string> = {}) =>
    app().inject({
      method: 'GET',
      url: '/auth/refresh',
      cookies: { refresh_token: token },
      headers,
    })

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', APP_URL: 'http://dealcoach.test' })
  })
  afterAll(() => testApp.close())

  describe('concurrent refreshes (several tabs)', () => {
    it('lets one win and keeps the session for the others', async () => {
      const session = await signUp(app())
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => refresh(session.refreshToken)),
      )

      const winners = answers.filter((answer) => answer.statusCode === 200)
      expect(winners).toHaveLength(1)
      const losers = answers.filter((answer) => answer.statusCode !== 200)
      for (const loser of losers) {
        expect(loser.statusCode).toBe(401)
        expect(codeOf(loser)).toBe('refresh_token_superseded')
        // The browser keeps the winner's cookie: a loser must not clear it.
        expect(refreshCookieOf(loser)).toBeUndefined()
      }

      const next = refreshCookieOf(winners[0]!)?.value ?? ''
      const again = await refresh(next)
      expect(again.statusCode).toBe(200)
      const family = await app()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.userId, session.userId))
      // The original, the winner's and the one just issued: nothing was revoked as theft.
      expect(family).toHaveLength(3)
      expect(family.filter((token) => token.revokedAt === null)).toHaveLength(1)
    })

    it('still treats a replay after the grace window as theft and ends the family', async () => {
      const session = await signUp(app())
      const first = await refresh(session.refreshToken)
      const current = refreshCookieOf(first)?.value ?? ''
      await app()
        .db.update(refreshTokens)
        .set({ revokedAt: sql`now() - interval '31 seconds'` })
        .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)))

      const replay = await refresh(session.refreshToken)
      expect(replay.statusCode).toBe(401)
      expect(codeOf(replay)).toBe('refresh_token_reused')
      expect(refreshCookieOf(replay)?.value).toBe('')

      const holder = await refresh(current)
      expect(holder.statusCode).toBe(401)
      expect(codeOf(holder)).toBe('invalid_refresh_token')
    })
  })
})
