import type { Deal } from '@dealcoach/contracts/deals'
import { dealFactsSchema } from '@dealcoach/contracts/intelligence'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotFound } from '../../lib/domain-errors.js'
import { callAs, type SignedIn, signUp } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/** The methods other modules call (engagements, analysis), on deals made through the API. */
describe('deals service for other modules', () => {
  let testApp: TestApp
  const app = () => testApp.app
  const deals = () => app().services.deals
  let admin: SignedIn
  let outsider: SignedIn
  let deal: Deal
  let stageIds: string[]

  beforeAll(async () => {
    testApp = await createTestApp()
    admin = await signUp(app(), { firstname: 'Ada', lastname: 'Lovelace' })
    outsider = await signUp(app())
    const listed = await callAs(app(), admin, 'GET', '/v1/pipelines')
    const [pipeline] = listed.json<{ models: Pipeline[] }>().models
    stageIds = pipeline?.stages.map((stage) => stage.stage_id) ?? []
    const created = await callAs(app(), admin, 'POST', '/v1/deals', {
      pipeline_id: pipeline?.id,
      stage_id: stageIds[0],
      name: 'Facts',
      close_date: '2027-01-15',
      contacts: [{ name: 'Bea', email: 'bea@acme.com', role: 'champion' }, { name: 'Carl' }],
    })
    expect(created.statusCode, created.body).toBe(201)
    deal = created.json<Deal>()
    const moved = await callAs(app(), admin, 'PATCH', `/v1/deals/${deal.id}`, {
      stage_id: stageIds[1],
    })
    expect(moved.statusCode).toBe(200)
  })

  afterAll(async () => {
    await testApp?.close()
  })

  it('gets a deal only within its organisation', async () => {
    const row = await deals().get(app().db, admin.organisationId, deal.id)
    expect(row.name).toBe('Facts')
    await expect(deals().get(app().db, outsider.organisationId, deal.id)).rejects.toBeInstanceOf(
      NotFound,
    )
    await expect(
      deals().listContacts(app().db, outsider.organisationId, deal.id),
    ).rejects.toBeInstanceOf(NotFound)
  })

  it('lists the contacts with their roles', async () => {
    const contacts = await deals().listContacts(app().db, admin.organisationId, deal.id)
    expect(contacts.map(({ name, email, role }) => ({ name, email, role }))).toEqual([
      { name: 'Bea', email: 'bea@acme.com', role: 'champion' },
      { name: 'Carl', email: null, role: null },
    ])
  })

  it('moves the last activity forward only', async () => {
    const later = new Date('2026-11-20T10:00:00Z')
    await deals().touchActivity(app().db, admin.organisationId, deal.id, later)
    await deals().touchActivity(
      app().db,
      admin.organisationId,
      deal.id,
      new Date('2026-11-01T10:00:00Z'),
    )
    const row = await deals().get(app().db, admin.organisationId, deal.id)
    expect(row.lastActivityAt?.toISOString()).toBe(later.toISOString())
  })

  it('never moves the last activity past now: a meeting booked for later is activity today', async () => {
    const before = Date.now()
    await deals().touchActivity(app().db, admin.organisationId, deal.id, new Date('2099-01-01'))
    const row = await deals().get(app().db, admin.organisationId, deal.id)
    expect(row.lastActivityAt?.getTime()).toBeGreaterThanOrEqual(before - 1000)
    expect(row.lastActivityAt?.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('describes the deal as the engine’s DealFacts', async () => {
    const facts = await deals().facts(app().db, admin.organisationId, deal.id)
    expect(dealFactsSchema.parse(facts)).toEqual(facts)
    expect(facts).toMatchObject({
      id: deal.id,
      name: 'Facts',
      stage_id: stageIds[1],
      close_date: '2027-01-15',
      status: 'open',
      owner: { id: admin.userId, name: 'Ada Lovelace' },
      contacts: [{ name: 'Bea', email: 'bea@acme.com', role: 'champion' }, { name: 'Carl' }],
    })
    expect(facts.stage_history.map((entry) => [entry.from_stage_id, entry.to_stage_id])).toEqual([
      [null, stageIds[0]],
      [stageIds[0], stageIds[1]],
    ])
  })

  it('documents every deals route with a summary and bearer security', async () => {
    const response = await app().inject({ method: 'GET', url: '/openapi.json' })
    const document = response.json<{
      paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>>
    }>()
    const operations = [
      '/v1/deals',
      '/v1/deals/{id}',
      '/v1/deals/{id}/contacts',
      '/v1/deals/{id}/activity',
      '/v1/deals/stage-history/bulk-get',
      '/v1/pipelines/{id}/activity',
      '/v1/pipelines/{id}/activity-health-stats',
    ].flatMap((path) =>
      Object.entries(document.paths[path] ?? {}).map(([method, operation]) => ({
        method,
        operation,
      })),
    )
    expect(operations.map(({ method }) => method).sort()).toEqual([
      'delete',
      'get',
      'get',
      'get',
      'get',
      'get',
      'get',
      'patch',
      'post',
      'post',
    ])
    for (const { operation } of operations) {
      expect(operation.summary).toBeTruthy()
      expect(operation.security).toHaveLength(1)
    }
  })
})
