import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns } from '../../db/schema/analysis.js'
import { crmIntegrations } from '../../db/schema/crm.js'
import { contacts, dealContacts, dealStageHistory, deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { stages } from '../../db/schema/pipelines.js'
import {
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import {
  type FakeHubspot,
  type FakePortal,
  startFakeHubspot,
} from '../../test-support/fake-hubspot.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type Status = {
  linked: boolean
  connection_status: string
  auth_kind: string | null
  account_name: string | null
  last_synced_at: string | null
  sync: { state: string; phase: string | null; progress: Record<string, number> }
  counts: Record<string, number>
  errors: { object: string; remote_id: string; message: string }[]
  last_error: string | null
}
type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }

const job = { id: 'test', retryCount: 0, retryLimit: 5, finalAttempt: false }

/** A pipeline as HubSpot's default one is shaped, with open, won and lost stages. */
function salesPipeline(portal: FakePortal) {
  const stage = (
    id: string,
    label: string,
    order: number,
    closed: boolean,
    probability: string,
  ) => ({
    id,
    label,
    displayOrder: order,
    metadata: { isClosed: String(closed), probability },
  })
  portal.pipelines.push({
    id: 'default',
    label: 'Sales Pipeline',
    displayOrder: 0,
    stages: [
      stage('appointmentscheduled', 'Appointment scheduled', 0, false, '0.2'),
      stage('qualifiedtobuy', 'Qualified to buy', 1, false, '0.4'),
      stage('closedwon', 'Closed won', 2, true, '1.0'),
      stage('closedlost', 'Closed lost', 3, true, '0.0'),
    ],
  })
}

describe('HubSpot sync against the fake HubSpot', () => {
  let fake: FakeHubspot
  let testApp: TestApp
  const app = () => testApp.app
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn
  let portalA: FakePortal
  let portalB: FakePortal

  const statusOf = async (session: SignedIn) => {
    const response = await callAs(app(), session, 'GET', '/v1/crm-integrations/status')
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Status>()
  }
  const linkToken = async (session: SignedIn) => {
    const response = await callAs(app(), session, 'POST', '/v1/crm-integrations/link-token', {
      integration_name: 'hubspot',
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ link_token: string; method: string; authorize_url: string | null }>()
  }
  const connect = (session: SignedIn, payload: Record<string, unknown>) =>
    callAs(app(), session, 'POST', '/v1/crm-integrations/connect', {
      integration_name: 'hubspot',
      ...payload,
    })
  const integrationOf = async (session: SignedIn) => {
    const [row] = await app()
      .db.select()
      .from(crmIntegrations)
      .where(eq(crmIntegrations.organisationId, session.organisationId))
    if (!row) throw new Error('no integration')
    return row
  }
  /** Runs the sync job the connect or sync call queued, as the worker would. */
  const runSync = async (session: SignedIn, context = job) => {
    const row = await integrationOf(session)
    await app().services.crm.runSync(
      { organisationId: session.organisationId, integrationId: row.id },
      context,
    )
    return statusOf(session)
  }
  const dealsOf = (session: SignedIn) =>
    app()
      .db.select()
      .from(deals)
      .where(eq(deals.organisationId, session.organisationId))
      .orderBy(asc(deals.remoteId))
  const dealByRemote = async (session: SignedIn, remoteId: string) => {
    const found = (await dealsOf(session)).find((deal) => deal.remoteId === remoteId)
    if (!found) throw new Error(`no deal ${remoteId}`)
    return found
  }
  const stageName = async (stageId: string) => {
    const [row] = await app().db.select().from(stages).where(eq(stages.id, stageId))
    return row?.name
  }
  const searchesOf = (type: string, from: number) =>
    fake.requests
      .slice(from)
      .filter((r) => r.path === `/crm/v3/objects/${type}/search`)
      .map((r) => r.body as { filterGroups: { filters: { value: string }[] }[]; after?: string })

  beforeAll(async () => {
    fake = await startFakeHubspot()
    // Two records a page: every phase pages.
    fake.pageSize = 2
    testApp = await createTestApp({
      RUN_WORKERS: 'false',
      HUBSPOT_API_URL: fake.url,
      HUBSPOT_CLIENT_ID: 'fake-client',
      HUBSPOT_CLIENT_SECRET: 'fake-secret',
      // Three pages of two: a longer search must start again (HubSpot's cap is 10,000).
      HUBSPOT_SEARCH_RESULT_CAP: '6',
    })
    adminA = await signUp(app(), { email: uniqueEmail('ada', 'alpha.example') })
    memberA = await inviteMember(app(), adminA)
    adminB = await signUp(app(), { email: uniqueEmail('bea', 'beta.example') })

    portalA = fake.addPortal(1001)
    salesPipeline(portalA)
    portalA.owners.push(
      { id: '501', email: adminA.email.toUpperCase(), firstName: 'Ada', lastName: 'L' },
      { id: '502', email: 'someone@elsewhere.example', firstName: 'Sam', lastName: 'E' },
      { id: '503', email: memberA.email, firstName: 'Carol', lastName: 'Cole' },
    )
    fake.upsert(portalA, 'deals', '1', {
      dealname: 'Acme renewal',
      amount: '12000',
      pipeline: 'default',
      dealstage: 'appointmentscheduled',
      hubspot_owner_id: '501',
      closedate: '2026-12-15T00:00:00.000Z',
      deal_currency_code: 'EUR',
    })
    fake.moveDealStage(portalA, '1', 'qualifiedtobuy')
    fake.upsert(portalA, 'deals', '2', {
      dealname: 'Globex pilot',
      amount: '5000.5',
      pipeline: 'default',
      dealstage: 'closedwon',
      hubspot_owner_id: '502',
    })
    fake.upsert(portalA, 'deals', '3', {
      dealname: 'Initech expansion',
      pipeline: 'default',
      dealstage: 'qualifiedtobuy',
    })
    // Malformed: the sync reports it and goes on.
    fake.upsert(portalA, 'deals', '4', {
      dealname: 'Broken',
      amount: 'lots',
      pipeline: 'default',
      dealstage: 'qualifiedtobuy',
    })
    fake.upsert(portalA, 'contacts', '11', {
      firstname: 'Jane',
      lastname: 'Buyer',
      email: 'Jane@Acme.example',
      jobtitle: 'CFO',
      company: 'Acme',
    })
    fake.upsert(portalA, 'contacts', '12', { firstname: 'Gil', email: 'gil@globex.example' })
    fake.upsert(portalA, 'contacts', '13', { email: 'lonely@nowhere.example' })
    fake.associate(portalA, 'contacts', '11', 'deals', '1')
    fake.associate(portalA, 'contacts', '12', 'deals', '2')
    fake.upsert(portalA, 'calls', '21', {
      hs_call_title: 'Discovery call',
      hs_call_body:
        'Jane: Honestly the price is more than we budgeted for this year.<br>Ada: Understood, let us look at the return together.',
      hs_call_direction: 'OUTBOUND',
      hs_timestamp: '2026-11-02T10:00:00.000Z',
    })
    fake.associate(portalA, 'calls', '21', 'deals', '1')
    fake.upsert(portalA, 'emails', '31', {
      hs_email_subject: 'Re: pricing',
      hs_email_text: 'We need to check this with our CFO before we sign.',
      hs_email_direction: 'INCOMING_EMAIL',
      hs_email_from_email: 'jane@acme.example',
      hs_email_to_email: adminA.email,
      hs_timestamp: '2026-11-03T09:00:00.000Z',
    })
    fake.associate(portalA, 'emails', '31', 'deals', '1')
    fake.upsert(portalA, 'meetings', '41', {
      hs_meeting_title: 'Kick-off',
      hs_meeting_body: '<p>Agreed the rollout plan.</p>',
      hs_timestamp: '2026-11-04T15:00:00.000Z',
    })
    fake.associate(portalA, 'meetings', '41', 'deals', '2')
    fake.upsert(portalA, 'notes', '51', {
      hs_note_body: '<p>Champion is the <b>VP Sales</b>.</p>',
      hs_timestamp: '2026-11-05T08:00:00.000Z',
    })
    fake.associate(portalA, 'notes', '51', 'deals', '3')
    fake.upsert(portalA, 'notes', '52', { hs_note_body: 'No date on this one' })
    fake.associate(portalA, 'notes', '52', 'deals', '3')

    // Portal B uses the same HubSpot ids for different records: only organisation ids tell apart.
    portalB = fake.addPortal(2002)
    salesPipeline(portalB)
    fake.upsert(portalB, 'deals', '1', {
      dealname: 'Beta only deal',
      pipeline: 'default',
      dealstage: 'appointmentscheduled',
    })
  })
  afterAll(async () => {
    await testApp.close()
    await fake.close()
  })

  it('offers OAuth with a signed state, and refuses states that are not the caller’s', async () => {
    const link = await linkToken(adminA)
    expect(link.method).toBe('oauth')
    const url = new URL(link.authorize_url ?? '')
    expect(url.origin + url.pathname).toBe('https://app.hubspot.com/oauth/authorize')
    expect(url.searchParams.get('client_id')).toBe('fake-client')
    expect(url.searchParams.get('state')).toBe(link.link_token)
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/settings\/crm\/hubspot\/callback$/)
    expect(url.searchParams.get('scope')).toContain('crm.objects.deals.read')

    const stateOfB = (await linkToken(adminB)).link_token
    for (const state of [stateOfB, `${link.link_token}x`, 'garbage']) {
      const response = await connect(adminA, { state, code: fake.issueCode(portalA) })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json<ErrorJson>().error.code).toBe('crm_state_invalid')
    }
    const neither = await connect(adminA, { state: link.link_token })
    expect(neither.statusCode).toBe(400)
    expect(neither.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual(['body.code'])
    const badCode = await connect(adminA, { state: link.link_token, code: 'not-a-code' })
    expect(badCode.statusCode).toBe(400)
    expect(badCode.json<ErrorJson>().error.code).toBe('crm_credentials_rejected')
    const member = await connect(memberA, { state: link.link_token, code: 'x' })
    expect(member.statusCode).toBe(403)
    expect((await statusOf(adminA)).linked).toBe(false)
  })

  it('connects with the OAuth code, storing the tokens encrypted and never answering them', async () => {
    const { link_token: state } = await linkToken(adminA)
    const response = await connect(adminA, { state, code: fake.issueCode(portalA) })
    expect(response.statusCode, response.body).toBe(200)
    const status = response.json<Status>()
    expect(status).toMatchObject({
      linked: true,
      connection_status: 'connected',
      auth_kind: 'oauth',
      account_name: 'HubSpot portal 1001',
      sync: { state: 'queued' },
    })
    expect(response.body).not.toMatch(/access-|refresh-/)
    const row = await integrationOf(adminA)
    expect(row.credentials).toMatch(/^v1\./)
    expect(row.credentials).not.toMatch(/access-|refresh-/)
    // Members read the status too.
    expect((await statusOf(memberA)).connection_status).toBe('connected')
  })

  it('runs a full sync: pipelines, owners, deals with history, contacts, engagements', async () => {
    // A burst limit on the first deals search: the client waits Retry-After and goes on.
    fake.failNext('/crm/v3/objects/deals/search', { status: 429, retryAfter: '1' })
    const from = fake.requests.length
    const status = await runSync(adminA)

    expect(status.sync.state).toBe('idle')
    expect(status.last_synced_at).not.toBeNull()
    expect(status.last_error).toBeNull()
    expect(status.counts).toEqual({
      pipelines: 1,
      owners: 2,
      deals: 3,
      contacts: 3,
      calls: 1,
      emails: 1,
      meetings: 1,
      notes: 1,
    })
    expect(status.sync.progress).toMatchObject({ deals: 4, contacts: 3, notes: 2, owners: 3 })
    expect(status.errors).toEqual([
      { object: 'deals', remote_id: '4', message: 'Skipped: its amount "lots" is not a number.' },
      { object: 'notes', remote_id: '52', message: 'Skipped: it has no valid hs_timestamp.' },
    ])

    // The 429 was retried, and every phase paged (two records a page).
    const dealSearches = searchesOf('deals', from)
    expect(dealSearches.length).toBe(3)
    expect(dealSearches.map((body) => body.after)).toEqual([undefined, undefined, '2'])
    expect(dealSearches.every((body) => body.filterGroups.length === 0)).toBe(true)
    expect(
      fake.requests
        .slice(from)
        .some((r) => r.path.includes('/crm/v3/owners?') && r.path.includes('after=2')),
    ).toBe(true)

    const synced = await dealsOf(adminA)
    expect(synced.map((d) => [d.remoteId, d.name, d.source, d.status, d.amount])).toEqual([
      ['1', 'Acme renewal', 'crm', 'open', '12000.00'],
      ['2', 'Globex pilot', 'crm', 'won', '5000.50'],
      ['3', 'Initech expansion', 'crm', 'open', null],
    ])
    const acme = await dealByRemote(adminA, '1')
    expect(acme.ownerId).toBe(adminA.userId)
    expect(acme.currency).toBe('EUR')
    expect(acme.closeDate).toBe('2026-12-15')
    expect(await stageName(acme.stageId)).toBe('Qualified to buy')
    expect((await dealByRemote(adminA, '2')).ownerId).toBeNull()
    const history = await app()
      .db.select()
      .from(dealStageHistory)
      .where(eq(dealStageHistory.dealId, acme.id))
      .orderBy(asc(dealStageHistory.changedAt))
    expect(await Promise.all(history.map((h) => stageName(h.toStageId)))).toEqual([
      'Appointment scheduled',
      'Qualified to buy',
    ])
    expect(history[0]?.changedAt.toISOString()).toBe('2026-11-01T00:00:01.000Z')

    const links = await app()
      .db.select({ email: contacts.email, dealId: dealContacts.dealId })
      .from(dealContacts)
      .innerJoin(contacts, eq(contacts.id, dealContacts.contactId))
      .where(eq(dealContacts.organisationId, adminA.organisationId))
      .orderBy(asc(contacts.email))
    expect(links).toEqual([
      { email: 'gil@globex.example', dealId: (await dealByRemote(adminA, '2')).id },
      { email: 'jane@acme.example', dealId: acme.id },
    ])

    const acmeEngagements = await app()
      .db.select()
      .from(engagements)
      .where(eq(engagements.dealId, acme.id))
      .orderBy(asc(engagements.occurredAt))
    expect(acmeEngagements.map((e) => [e.type, e.name, e.direction])).toEqual([
      ['transcript', 'Discovery call', 'outbound'],
      ['email', 'Re: pricing', 'inbound'],
    ])
    expect(acmeEngagements[0]?.utterances.map((u) => u.speaker)).toEqual(['Jane', 'Ada'])
    // Imported evidence goes through the analysis pipeline, once per deal.
    const runs = await app()
      .db.select({ dealId: analysisRuns.dealId })
      .from(analysisRuns)
      .where(eq(analysisRuns.organisationId, adminA.organisationId))
    expect(new Set(runs.map((r) => r.dealId)).size).toBe(3)
  })

  it('syncs incrementally: only what changed since the last sync', async () => {
    fake.upsert(portalA, 'deals', '3', {
      dealname: 'Initech expansion (lost)',
      dealstage: 'closedlost',
    })
    fake.upsert(portalA, 'contacts', '14', { firstname: 'New', email: 'new@initech.example' })
    fake.associate(portalA, 'contacts', '14', 'deals', '3')
    const cursor = (await integrationOf(adminA)).cursors.deals
    const before = await dealByRemote(adminA, '1')

    const queued = await callAs(app(), adminA, 'POST', '/v1/crm-integrations/sync')
    expect(queued.statusCode, queued.body).toBe(202)
    expect(queued.json<Status>().sync.state).toBe('queued')
    const from = fake.requests.length
    const status = await runSync(adminA)

    const searches = searchesOf('deals', from)
    expect(searches).toHaveLength(1)
    expect(searches[0]?.filterGroups[0]?.filters[0]).toMatchObject({
      propertyName: 'hs_lastmodifieddate',
      operator: 'GT',
      value: String(cursor),
    })
    expect(status.sync.progress).toMatchObject({ deals: 1, contacts: 1, calls: 0, notes: 0 })
    expect(status.counts).toMatchObject({ deals: 3, contacts: 4 })
    expect(status.errors).toEqual([])
    const initech = await dealByRemote(adminA, '3')
    expect([initech.name, initech.status]).toEqual(['Initech expansion (lost)', 'lost'])
    expect(await stageName(initech.stageId)).toBe('Closed lost')
    expect((await dealByRemote(adminA, '1')).updatedAt).toEqual(before.updatedAt)
  })

  it('resumes a failed sync at the page after the last one written', async () => {
    for (const id of ['5', '6', '7']) {
      fake.upsert(portalA, 'deals', id, {
        dealname: `Follow-on ${id}`,
        pipeline: 'default',
        dealstage: 'appointmentscheduled',
      })
    }
    // The second page of deals fails with an answer the client does not retry.
    fake.failNext('/crm/v3/objects/deals/search', { status: 404, skip: 1 })
    const queued = await callAs(app(), adminA, 'POST', '/v1/crm-integrations/sync')
    expect(queued.statusCode).toBe(202)
    const row = await integrationOf(adminA)
    const payload = { organisationId: adminA.organisationId, integrationId: row.id }
    await expect(app().services.crm.runSync(payload, job)).rejects.toThrow(/404/)
    const stalled = await statusOf(adminA)
    expect(stalled.sync).toMatchObject({ state: 'running', phase: 'deals', progress: { deals: 2 } })
    expect(stalled.last_error).toMatch(/404/)
    expect((await dealsOf(adminA)).map((d) => d.remoteId)).toContain('6')

    const from = fake.requests.length
    const status = await runSync(adminA, { ...job, retryCount: 1 })
    expect(status.sync.state).toBe('idle')
    expect(status.last_error).toBeNull()
    expect(status.sync.progress).toMatchObject({ deals: 3 })
    // The retry starts at the stored page: no pipelines or owners again, deals from `after`.
    const paths = fake.requests.slice(from).map((r) => r.path)
    expect(paths.some((p) => p.startsWith('/crm/v3/pipelines'))).toBe(false)
    expect(searchesOf('deals', from).map((body) => body.after)).toEqual(['2'])
    expect((await dealsOf(adminA)).map((d) => d.remoteId)).toEqual(['1', '2', '3', '5', '6', '7'])
  })

  it('refreshes an expired OAuth access token and keeps syncing', async () => {
    const stored = (await integrationOf(adminA)).credentials
    fake.expireAccessTokens()
    fake.upsert(portalA, 'deals', '1', { amount: '15000' })
    const from = fake.requests.length
    const status = await runSync(adminA)
    expect(status.connection_status).toBe('connected')
    expect(status.sync.state).toBe('idle')
    const refreshes = fake.requests
      .slice(from)
      .filter((r) => r.path === '/oauth/v1/token')
      .map((r) => (r.body as Record<string, string>).grant_type)
    expect(refreshes).toEqual(['refresh_token'])
    expect((await integrationOf(adminA)).credentials).not.toBe(stored)
    expect((await dealByRemote(adminA, '1')).amount).toBe('15000.00')
  })

  it('keeps organisations apart: same HubSpot ids, separate records', async () => {
    const { link_token: state, method } = await linkToken(adminB)
    expect(method).toBe('oauth')
    const wrong = await connect(adminB, { state, private_app_token: 'pat-wrong' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json<ErrorJson>().error.details?.map((d) => d.path)).toEqual([
      'body.private_app_token',
    ])
    const linked = await connect(adminB, { state, private_app_token: portalB.privateAppToken })
    expect(linked.statusCode, linked.body).toBe(200)
    expect(linked.json<Status>()).toMatchObject({
      auth_kind: 'private_app',
      account_name: 'HubSpot portal 2002',
    })
    const status = await runSync(adminB)
    expect(status.counts).toEqual({ pipelines: 1, owners: 0, deals: 1 })

    expect((await dealsOf(adminB)).map((d) => [d.remoteId, d.name])).toEqual([
      ['1', 'Beta only deal'],
    ])
    expect((await dealByRemote(adminA, '1')).name).toBe('Acme renewal')
    const list = await callAs(app(), adminB, 'GET', '/v1/deals')
    expect(list.json<{ data: { name: string }[] }>().data.map((d) => d.name)).toEqual([
      'Beta only deal',
    ])
    expect((await statusOf(adminA)).account_name).toBe('HubSpot portal 1001')
    // Nothing of A's portal reached B: no contacts, no engagements.
    const contactsOfB = await app()
      .db.select()
      .from(contacts)
      .where(eq(contacts.organisationId, adminB.organisationId))
    const engagementsOfB = await app()
      .db.select()
      .from(engagements)
      .where(eq(engagements.organisationId, adminB.organisationId))
    expect([contactsOfB.length, engagementsOfB.length]).toEqual([0, 0])
  })

  it('reads past HubSpot’s search-result cap by searching again from the newest change read', async () => {
    fake.searchResultCap = 6
    const added = Array.from({ length: 9 }, (_, index) =>
      fake.upsert(portalB, 'deals', String(10 + index), {
        dealname: `Beta deal ${10 + index}`,
        pipeline: 'default',
        dealstage: 'qualifiedtobuy',
      }),
    )
    const from = fake.requests.length
    try {
      const status = await runSync(adminB)

      expect(status.last_error).toBeNull()
      expect(status.errors).toEqual([])
      expect((await dealsOf(adminB)).map((deal) => deal.remoteId).sort()).toEqual(
        ['1', ...added.map((deal) => deal.id)].sort(),
      )
      // Pages 1–3 fill the cap; the fourth search starts at the sixth deal's change, inclusive.
      const searches = searchesOf('deals', from)
      expect(searches.map((body) => body.after)).toEqual([undefined, '2', '4', undefined, '2'])
      expect(searches[3]?.filterGroups[0]?.filters[0]).toMatchObject({
        operator: 'GTE',
        value: String(added[5]?.updatedAt),
      })
      const { syncProgress } = await integrationOf(adminB)
      expect(syncProgress?.window ?? null).toBeNull()
    } finally {
      fake.searchResultCap = 10_000
    }
  })

  it('marks a private-app token HubSpot answers 401 to as needing re-authorisation', async () => {
    fake.upsert(portalB, 'deals', '1', { dealname: 'Beta renamed' })
    fake.failNext('/crm/v3/objects/deals/search', { status: 401 })
    const status = await runSync(adminB)
    expect(status).toMatchObject({
      linked: true,
      connection_status: 'needs_reauth',
      sync: { state: 'failed' },
    })
    expect(status.last_error).toMatch(/connect again/)
    const again = await callAs(app(), adminB, 'POST', '/v1/crm-integrations/sync')
    expect(again.statusCode).toBe(409)
    expect(again.json<ErrorJson>().error.code).toBe('crm_needs_reauth')
    // Connecting again clears it and resumes from the same cursors.
    const { link_token: state } = await linkToken(adminB)
    await connect(adminB, { state, private_app_token: portalB.privateAppToken })
    const fixed = await runSync(adminB)
    expect(fixed.connection_status).toBe('connected')
    expect((await dealByRemote(adminB, '1')).name).toBe('Beta renamed')
  })

  it('marks an OAuth connection whose refresh token is revoked as needing re-authorisation', async () => {
    fake.revoke(portalA)
    fake.expireAccessTokens()
    const status = await runSync(adminA)
    expect(status.connection_status).toBe('needs_reauth')
    expect(status.last_error).toMatch(/connect again/)
  })

  it('disconnects, forgetting the credentials and keeping the imported data', async () => {
    const member = await callAs(app(), memberA, 'POST', '/v1/crm-integrations/disconnect')
    expect(member.statusCode).toBe(403)
    const response = await callAs(app(), adminA, 'POST', '/v1/crm-integrations/disconnect')
    expect(response.statusCode).toBe(204)
    const status = await statusOf(adminA)
    expect([status.linked, status.connection_status]).toEqual([false, 'not_connected'])
    expect((await integrationOf(adminA)).credentials).toBeNull()
    expect(await dealsOf(adminA)).toHaveLength(6)
    const sync = await callAs(app(), adminA, 'POST', '/v1/crm-integrations/sync')
    expect(sync.statusCode).toBe(409)
    expect(sync.json<ErrorJson>().error.code).toBe('crm_not_linked')
    const rows = await app()
      .db.select()
      .from(engagements)
      .where(and(eq(engagements.organisationId, adminA.organisationId)))
    expect(rows.length).toBe(4)
  })

  it('queues the periodic sync for linked, idle connections only', async () => {
    expect((await statusOf(adminB)).sync.state).toBe('idle')
    await app().services.crm.enqueueDueSyncs()
    expect((await statusOf(adminB)).sync.state).toBe('queued')
    // A is disconnected: nothing is queued for it.
    expect((await integrationOf(adminA)).syncState).toBe('idle')
  })
})
