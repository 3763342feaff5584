import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  type FakeHubspot,
  type FakePortal,
  startFakeHubspot,
} from '../../test-support/fake-hubspot.js'
import { hubspotPipelinesSchema } from './hubspot-api.js'
import {
  createHubspotClient,
  HubspotApiError,
  HubspotAuthError,
  type HubspotCredentials,
} from './hubspot-client.js'

describe('HubSpot client against the fake HubSpot', () => {
  let fake: FakeHubspot
  let portal: FakePortal
  let waits: number[]
  const privateApp = (): HubspotCredentials => ({
    kind: 'private_app',
    accessToken: portal.privateAppToken,
    refreshToken: null,
    expiresAt: null,
  })
  const client = (maxAttempts = 4) =>
    createHubspotClient({
      baseUrl: fake.url,
      oauth: { clientId: 'fake-client', clientSecret: 'fake-secret' },
      sleep: (ms) => {
        waits.push(ms)
        return Promise.resolve()
      },
      maxAttempts,
    })
  const noRefresh = () => Promise.resolve()
  const pipelines = (credentials = privateApp(), attempts = 4) =>
    client(attempts)
      .session(credentials, noRefresh)
      .get('/crm/v3/pipelines/deals', hubspotPipelinesSchema)

  beforeAll(async () => {
    fake = await startFakeHubspot()
    portal = fake.addPortal(3003)
  })
  beforeEach(() => {
    waits = []
    fake.burst = null
  })
  afterAll(() => fake.close())

  it('waits as long as a 429 says in Retry-After, then goes on', async () => {
    fake.failNext('/crm/v3/pipelines', { status: 429, retryAfter: '3' })
    await expect(pipelines()).resolves.toEqual({ results: [] })
    expect(waits).toEqual([3000])
  })

  it('backs off exponentially on a 429 without Retry-After and on 5xx', async () => {
    fake.failNext('/crm/v3/pipelines', { status: 429 })
    fake.failNext('/crm/v3/pipelines', { status: 502 })
    fake.failNext('/crm/v3/pipelines', { status: 429 })
    await expect(pipelines()).resolves.toEqual({ results: [] })
    expect(waits).toEqual([500, 1000, 2000])
  })

  it('gives up after its tries with an error the job retries later', async () => {
    for (let i = 0; i < 3; i++) fake.failNext('/crm/v3/pipelines', { status: 429 })
    await expect(pipelines(privateApp(), 3)).rejects.toBeInstanceOf(HubspotApiError)
    expect(waits).toEqual([500, 1000])
  })

  it('waits out a spent burst window instead of running into 429s', async () => {
    fake.burst = { max: 2, intervalMs: 300 }
    const session = createHubspotClient({ baseUrl: fake.url, oauth: null }).session(
      privateApp(),
      noRefresh,
    )
    const before = fake.requests.length
    for (let i = 0; i < 5; i++) await session.get('/crm/v3/pipelines/deals', hubspotPipelinesSchema)
    // Five calls, no 429: the client paused whenever the window's remaining count reached 0.
    expect(fake.requests.length - before).toBe(5)
  })

  it('says a 401 on a private-app token needs re-authorisation', async () => {
    await expect(pipelines({ ...privateApp(), accessToken: 'pat-revoked' })).rejects.toBeInstanceOf(
      HubspotAuthError,
    )
  })

  it('refreshes an expired OAuth token once, storing the new one', async () => {
    const hubspot = client()
    const tokens = await hubspot.exchangeCode(fake.issueCode(portal), 'http://app/callback')
    expect(tokens.kind).toBe('oauth')
    expect(tokens.refreshToken).toMatch(/^refresh-/)
    fake.expireAccessTokens()
    const stored: HubspotCredentials[] = []
    const session = hubspot.session(tokens, (fresh) => {
      stored.push(fresh)
      return Promise.resolve()
    })
    await expect(session.account()).resolves.toMatchObject({ portalId: 3003 })
    expect(stored).toHaveLength(1)
    expect(stored[0]?.accessToken).not.toBe(tokens.accessToken)
    expect(stored[0]?.refreshToken).toBe(tokens.refreshToken)

    fake.revoke(portal)
    fake.expireAccessTokens()
    await expect(session.account()).rejects.toBeInstanceOf(HubspotAuthError)
  })
})
