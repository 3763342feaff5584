import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authThrottle } from '../../db/schema/accounts.js'
import { uniqueEmail } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { throttleKey } from './auth-throttle.service.js'

const LOAD_BALANCER = '10.9.0.1'

describe('the client address behind a load balancer (TRUST_PROXY=1)', () => {
  let testApp: TestApp
  const app = () => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', TRUST_PROXY: '1' })
  })
  afterAll(() => testApp.close())

  /** A wrong password as the load balancer forwards it: the client's header, then its address. */
  const failLogin = (clientAddress: string, clientWritten: string) =>
    app().inject({
      method: 'POST',
      url: '/auth/email-login',
      remoteAddress: LOAD_BALANCER,
      headers: { 'x-forwarded-for': `${clientWritten}, ${clientAddress}` },
      payload: { email: uniqueEmail('spray'), password: 'password spraying' },
    })

  const failuresCountedFor = async (address: string) => {
    const [row] = await app()
      .db.select({ failures: authThrottle.failures })
      .from(authThrottle)
      .where(eq(authThrottle.key, throttleKey({ scope: 'loginIp', subject: address })))
    return row?.failures ?? 0
  }

  it('counts the address the load balancer saw, whatever the client wrote before it', async () => {
    const client = '203.0.113.7'
    const spoofed = ['198.51.100.1', '198.51.100.2', '198.51.100.3']
    for (const written of spoofed) {
      expect((await failLogin(client, written)).statusCode).toBe(401)
    }
    expect(await failuresCountedFor(client)).toBe(3)
    for (const written of spoofed) expect(await failuresCountedFor(written)).toBe(0)
    expect(await failuresCountedFor(LOAD_BALANCER)).toBe(0)
  })
})

describe('the client address with TRUST_PROXY naming the proxies', () => {
  let testApp: TestApp
  const app = () => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false', TRUST_PROXY: '10.9.0.0/16' })
  })
  afterAll(() => testApp.close())

  const failLogin = (socketAddress: string, forwardedFor: string) =>
    app().inject({
      method: 'POST',
      url: '/auth/email-login',
      remoteAddress: socketAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: uniqueEmail('spray'), password: 'password spraying' },
    })

  const failuresCountedFor = async (address: string) => {
    const [row] = await app()
      .db.select({ failures: authThrottle.failures })
      .from(authThrottle)
      .where(eq(authThrottle.key, throttleKey({ scope: 'loginIp', subject: address })))
    return row?.failures ?? 0
  }

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
