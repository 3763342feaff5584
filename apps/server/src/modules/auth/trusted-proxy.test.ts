import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authThrottle } from '../../db/schema/accounts.js'
import { uniqueEmail } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { throttleKey } from './auth-throttle.service.js'

const LOAD_BALANCER = '10.9.0.1'

/** A test app with this TRUST_PROXY, and how its sign-in throttle sees client addresses. */
function behindProxy(trustProxy: string) {
  let testApp: TestApp
  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', TRUST_PROXY: trustProxy })
  })
  afterAll(() => testApp.close())

  return {
    /** A wrong password arriving from `socketAddress` with this X-Forwarded-For. */
    failLogin: (socketAddress: string, forwardedFor: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/auth/email-login',
        remoteAddress: socketAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { email: uniqueEmail('spray'), password: 'password spraying' },
      }),
    failuresCountedFor: async (address: string) => {
      const [row] = await testApp.app.db
        .select({ failures: authThrottle.failures })
        .from(authThrottle)
        .where(eq(authThrottle.key, throttleKey({ scope: 'loginIp', subject: address })))
      return row?.failures ?? 0
    },
  }
}

describe('the client address behind a load balancer (TRUST_PROXY=1)', () => {
  const { failLogin, failuresCountedFor } = behindProxy('1')

  it('counts the address the load balancer saw, whatever the client wrote before it', async () => {
    const client = '203.0.113.7'
    const spoofed = ['198.51.100.1', '198.51.100.2', '198.51.100.3']
    for (const written of spoofed) {
      const response = await failLogin(LOAD_BALANCER, `${written}, ${client}`)
      expect(response.statusCode).toBe(401)
    }
    expect(await failuresCountedFor(client)).toBe(3)
    for (const written of spoofed) expect(await failuresCountedFor(written)).toBe(0)
    expect(await failuresCountedFor(LOAD_BALANCER)).toBe(0)
  })
})

describe('the client address with TRUST_PROXY naming the proxies', () => {
  const { failLogin, failuresCountedFor } = behindProxy('10.9.0.0/16')

  it('believes the header from a listed proxy only, and never past the first outside hop', async () => {
    // Through the proxy, with a client-written hop before the client's real address.
    await failLogin(LOAD_BALANCER, '198.51.100.9, 203.0.113.8')
    // Straight to the server, pretending to be forwarded.
    await failLogin('203.0.113.66', '198.51.100.10')
    expect(await failuresCountedFor('203.0.113.8')).toBe(1)
    expect(await failuresCountedFor('203.0.113.66')).toBe(1)
    expect(await failuresCountedFor('198.51.100.9')).toBe(0)
    expect(await failuresCountedFor('198.51.100.10')).toBe(0)
  })
})
