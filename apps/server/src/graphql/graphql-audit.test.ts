import type { AddressInfo } from 'node:net'
import { auditServer } from 'graphql-http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, type SignedIn } from '../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

/** DESIGN §5: /graphql passes the GraphQL-over-HTTP audit of graphql-http over a real socket. */
describe('GraphQL over HTTP audit', () => {
  let testApp: TestApp
  let session: SignedIn
  let url: string

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    session = await signUp(testApp.app)
    await testApp.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = testApp.app.server.address() as AddressInfo
    url = `http://127.0.0.1:${port}/graphql`
  })
  afterAll(() => testApp.close())

  it('meets every MUST and SHOULD of the graphql-http server audit', async () => {
    // The audit speaks fetch; each of its requests carries the signed-in user's token.
    const fetchFn = (input: RequestInfo | URL, init: RequestInit = {}) => {
      const headers = new Headers(init.headers)
      headers.set('authorization', `Bearer ${session.accessToken}`)
      return fetch(input, { ...init, headers })
    }
    const results = await auditServer({ url, fetchFn })
    const failures = results.filter(
      (result) => result.status !== 'ok' && /^(MUST|SHOULD)\b/.test(result.name),
    )
    const report = await Promise.all(
      failures.map(async (failure) =>
        failure.status === 'ok'
          ? ''
          : `${failure.status} ${failure.name}: ${failure.reason} (${failure.response.status} ${await failure.response.clone().text()})`,
      ),
    )
    const notices = results.filter((result) => result.status !== 'ok').length - failures.length
    console.info(
      `graphql-http audit: ${results.length} audits, ${results.filter((r) => r.status === 'ok').length} ok, ${failures.length} MUST/SHOULD failures, ${notices} MAY notices`,
    )
    expect(report).toEqual([])
  })
})
