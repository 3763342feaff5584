import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crmIntegrations } from '../../db/schema/crm.js'
import {
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import type { AuthUser } from '../../lib/caller.js'
import type { CrmProviderAdapter } from './crm-provider-adapter.js'
import { createCrmService } from './crm.service.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }

const STATUS_URL = '/v1/crm-integrations/status'
const LINK_URL = '/v1/crm-integrations/link-token'
/** The only CRM this installation links: refusals name it and nothing else. */
const LINKABLE = 'CRMs you can link: HubSpot.'
const NOT_LINKED = {
  linked: false,
  provider: null,
  account_name: null,
  linked_at: null,
  last_synced_at: null,
  supported_providers: ['hubspot', 'salesforce', 'pipedrive'],
  linkable_providers: ['hubspot'],
  connection_status: 'not_connected',
  auth_kind: null,
  sync: { state: 'idle', phase: null, started_at: null, finished_at: null, progress: {} },
  counts: {},
  errors: [],
  last_error: null,
}

describe('CRM integrations', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** A: an admin and an invited member. B: a lone admin. */
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  const status = (session?: SignedIn) => callAs(app(), session, 'GET', STATUS_URL)
  const statusOf = async (session: SignedIn) => {
    const response = await status(session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Record<string, unknown>>()
  }
  const linkToken = (session: SignedIn | undefined, payload: unknown) =>
    callAs(app(), session, 'POST', LINK_URL, payload)
  const callerOf = (session: SignedIn): AuthUser => ({
    id: session.userId,
    organisationId: session.organisationId,
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Lovelace',
    sessionId: 'test',
  })

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    // Routes can only be added before the first request readies the app.
    app().get('/v1/test/unexpected-501', () => {
      throw Object.assign(new Error('connection string postgres://secret'), { statusCode: 501 })
    })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  describe('GET /v1/crm-integrations/status', () => {
    it('says not linked, naming the supported CRMs and HubSpot as linkable', async () => {
      expect(await statusOf(adminA)).toEqual(NOT_LINKED)
      expect(await statusOf(memberA)).toEqual(NOT_LINKED)
    })

    it('reports a linked CRM to its own organisation only', async () => {
      await app().db.insert(crmIntegrations).values({
        organisationId: adminA.organisationId,
        provider: 'salesforce',
        status: 'pending',
      })
      expect(await statusOf(adminA)).toEqual(NOT_LINKED)

      const linkedAt = new Date('2026-11-20T09:30:00.000Z')
      const syncedAt = new Date('2026-11-21T07:00:00.000Z')
      await app().db.insert(crmIntegrations).values({
        organisationId: adminA.organisationId,
        provider: 'hubspot',
        status: 'linked',
        accountName: 'Alpha Portal',
        linkedAt,
        lastSyncedAt: syncedAt,
      })
      const linked = {
        ...NOT_LINKED,
        linked: true,
        provider: 'hubspot',
        account_name: 'Alpha Portal',
        linked_at: linkedAt.toISOString(),
        last_synced_at: syncedAt.toISOString(),
        connection_status: 'connected',
      }
      expect(await statusOf(adminA)).toEqual(linked)
      expect(await statusOf(memberA)).toEqual(linked)
      expect(await statusOf(adminB)).toEqual(NOT_LINKED)
    })

    it('requires a token', async () => {
      const response = await status()
      expect(response.statusCode).toBe(401)
      expect(response.json<ErrorJson>().error.code).toBe('unauthorized')
    })
  })

  describe('POST /v1/crm-integrations/link-token', () => {
    it('refuses a supported CRM it cannot link with 409 naming only the linkable ones', async () => {
      for (const [name, provider, label] of [
        [' SalesForce ', 'salesforce', 'Salesforce'],
        ['PIPEDRIVE', 'pipedrive', 'Pipedrive'],
      ] as const) {
        const response = await linkToken(adminB, { integration_name: name })
        expect(response.statusCode, response.body).toBe(409)
        expect(response.json()).toEqual({
          error: {
            code: 'crm_provider_not_linkable',
            message: `${label} cannot be linked in this installation yet. ${LINKABLE}`,
            details: [
              {
                path: 'body.integration_name',
                message: 'cannot be linked in this installation yet',
                code: 'crm_provider_not_linkable',
                params: { provider, linkable: 'hubspot' },
              },
            ],
          },
        })
      }
      // The status says the same: HubSpot is the one CRM offered for linking.
      expect((await statusOf(adminB)).linkable_providers).toEqual(['hubspot'])
    })

    it('refuses to connect a CRM it cannot link with the same 409', async () => {
      const response = await callAs(app(), adminB, 'POST', '/v1/crm-integrations/connect', {
        integration_name: 'salesforce',
        state: 'x',
        private_app_token: 'pat',
      })
      expect(response.statusCode, response.body).toBe(409)
      expect(response.json<ErrorJson>().error.code).toBe('crm_provider_not_linkable')
    })

    it('refuses a CRM it does not support with 400 on the field', async () => {
      const response = await linkToken(adminB, { integration_name: 'Zoho' })
      expect(response.statusCode).toBe(400)
      const { error } = response.json<ErrorJson>()
      expect(error.code).toBe('crm_provider_unsupported')
      expect(error.message).toBe(`Dealcoach does not link "Zoho". ${LINKABLE}`)
      expect(error.details?.map((detail) => detail.path)).toEqual(['body.integration_name'])
    })

    it('validates the body with field paths', async () => {
      for (const payload of [
        {},
        { integration_name: '  ' },
        { integration_name: 42 },
        {
          integration_name: 'h'.repeat(101),
        },
      ]) {
        const response = await linkToken(adminB, payload)
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        const { error } = response.json<ErrorJson>()
        expect(error.code).toBe('validation_failed')
        expect(error.details?.map((detail) => detail.path)).toEqual(['body.integration_name'])
      }
    })

    it('refuses members with 403 and callers without a token with 401', async () => {
      const forbidden = await linkToken(memberA, { integration_name: 'hubspot' })
      expect(forbidden.statusCode).toBe(403)
      expect(forbidden.json<ErrorJson>().error.code).toBe('forbidden')
      const anonymous = await linkToken(undefined, { integration_name: 'hubspot' })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.json<ErrorJson>().error.code).toBe('unauthorized')
    })

    it('still hides the message of an unexpected 5xx', async () => {
      const response = await app().inject({ method: 'GET', url: '/v1/test/unexpected-501' })
      expect(response.statusCode).toBe(500)
      const { error } = response.json<ErrorJson>()
      expect(error.code).toBe('internal_error')
      expect(error.message).not.toContain('secret')
    })
  })

  it('uses an installed provider: linkable, and it issues the link token', async () => {
    const requested: string[] = []
    const pipedrive: CrmProviderAdapter = {
      name: 'pipedrive',
      createLinkToken: async (organisationId) => {
        requested.push(organisationId)
        return { link_token: 'lt-123', expires_at: '2026-11-22T10:00:00.000Z' }
      },
    }
    const crm = createCrmService({ db: app().db, providers: [pipedrive] })
    const caller = callerOf(adminB)
    expect(await crm.linkToken(caller, { integration_name: 'Pipedrive' })).toEqual({
      link_token: 'lt-123',
      expires_at: '2026-11-22T10:00:00.000Z',
    })
    expect(requested).toEqual([adminB.organisationId])
    expect((await crm.status(caller)).linkableProviders).toEqual(['pipedrive'])
    await expect(crm.linkToken(caller, { integration_name: 'hubspot' })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'crm_provider_not_linkable',
      message: 'HubSpot cannot be linked in this installation yet. CRMs you can link: Pipedrive.',
    })
  })

  it('says so when no CRM can be linked at all', async () => {
    const crm = createCrmService({ db: app().db, providers: [] })
    const caller = callerOf(adminB)
    expect((await crm.status(caller)).linkableProviders).toEqual([])
    await expect(crm.linkToken(caller, { integration_name: 'hubspot' })).rejects.toMatchObject({
      kind: 'conflict',
      code: 'crm_provider_not_linkable',
      message: 'HubSpot cannot be linked in this installation yet. No CRM can be linked here yet.',
    })
  })

  it('documents the calls, with the 409, in the OpenAPI document', async () => {
    const openapi = await app().inject({ method: 'GET', url: '/openapi.json' })
    const document = openapi.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
    }>()
    expect(Object.keys(document.paths[STATUS_URL] ?? {})).toEqual(['get'])
    expect(Object.keys(document.paths[LINK_URL]?.post?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '409',
    ])
    for (const path of ['connect', 'sync', 'disconnect']) {
      expect(Object.keys(document.paths[`/v1/crm-integrations/${path}`] ?? {})).toEqual(['post'])
    }
  })
})
