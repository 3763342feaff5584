import type { Deal, DealsResponse } from '@dealcoach/contracts/deals'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postGraphQL } from './graphql/graphql-test-helpers.js'
import { bearer, callAs, type SignedIn, signUp } from './test-support/auth-helpers.js'
import { multipart } from './test-support/multipart.js'
import type { ErrorJson } from './test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from './test-support/test-app.js'

// Every date and date-time the API reads is within 1900-01-01 – 9999-12-31 (contracts/dates.ts):
// year 0000, which PostgreSQL cannot store, was a 500 on each of these routes.

const OUT_OF_RANGE = { code: 'date_out_of_range', params: { min: '1900-01-01', max: '9999-12-31' } }

describe('dates outside 1900-01-01 – 9999-12-31', () => {
  let test: TestApp
  let app: FastifyInstance
  let admin: SignedIn
  let pipeline: { id: string; stageId: string }
  let deal: Deal

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    admin = await signUp(app)
    const [first] = (await callAs(app, admin, 'GET', '/v1/pipelines')).json<{
      models: Pipeline[]
    }>().models
    if (!first) throw new Error('no seeded pipeline')
    pipeline = { id: first.id, stageId: first.stages[0]?.stage_id ?? '' }
    const created = await callAs(app, admin, 'POST', '/v1/deals', {
      pipeline_id: pipeline.id,
      stage_id: pipeline.stageId,
      name: 'Acme',
      close_date: '2026-06-30',
    })
    expect(created.statusCode, created.body).toBe(201)
    deal = created.json<Deal>()
  })

  afterAll(async () => {
    await test.close()
  })

  function expectOutOfRange(
    response: { statusCode: number; body: string; json: <T>() => T },
    path: string,
  ) {
    expect(response.statusCode, response.body).toBe(400)
    const { error } = response.json<ErrorJson>()
    expect(error.code).toBe('validation_failed')
    expect(error.details).toContainEqual({
      path,
      message: 'must be between 1900-01-01 and 9999-12-31',
      ...OUT_OF_RANGE,
    })
  }

  it.each([
    ['/v1/deals?pipelineId={pipeline}&closeDateGte=0000-01-01', 'querystring.closeDateGte'],
    ['/v1/deals?pipelineId={pipeline}&closeDateLte=0000-01-01', 'querystring.closeDateLte'],
    ['/v1/deals?close_date.gte=1899-12-31', 'querystring.close_date.gte'],
    ['/v1/deals/action-stats?close_date.gte=0000-01-01', 'querystring.close_date.gte'],
    ['/v1/deals/action-stats?start_date=0001-01-01', 'querystring.start_date'],
    ['/v1/deals/confidence-stats?start_date=0000-01-01', 'querystring.start_date'],
    ['/v1/deals/confidence-stats?end_date=0000-01-01', 'querystring.end_date'],
    ['/v1/deals/action-completion-stats?closeDateGte=0000-01-01', 'querystring.closeDateGte'],
    [
      '/v1/objections/analysis/handling-stats?engagement_timestamp.gte=0000-01-01',
      'querystring.engagement_timestamp.gte',
    ],
    [
      '/v1/objections/analysis/handling-stats?engagement_timestamp.lte=0000-01-01T00:00:00Z',
      'querystring.engagement_timestamp.lte',
    ],
    ['/v1/objections/analysis?created.gte=0000-01-01', 'querystring.created.gte'],
    ['/v1/pipelines/{pipeline}/activity?start_date=0000-01-01', 'querystring.start_date'],
  ])('answers 400 for GET %s', async (url, path) => {
    const response = await callAs(app, admin, 'GET', url.replace('{pipeline}', pipeline.id))
    expectOutOfRange(response, path)
  })

  it('refuses such a close date on create and update, and stores the range’s ends', async () => {
    const created = await callAs(app, admin, 'POST', '/v1/deals', {
      pipeline_id: pipeline.id,
      stage_id: pipeline.stageId,
      name: 'Year zero',
      close_date: '0000-01-01',
    })
    expectOutOfRange(created, 'body.close_date')

    for (const closeDate of ['0000-01-01', '0001-01-01', '1899-12-31']) {
      const updated = await callAs(app, admin, 'PATCH', `/v1/deals/${deal.id}`, {
        close_date: closeDate,
      })
      expectOutOfRange(updated, 'body.close_date')
    }
    for (const closeDate of ['1900-01-01', '9999-12-31']) {
      const updated = await callAs(app, admin, 'PATCH', `/v1/deals/${deal.id}`, {
        close_date: closeDate,
      })
      expect(updated.statusCode, updated.body).toBe(200)
      expect(updated.json<Deal>().close_date).toBe(closeDate)
      const listed = await callAs(
        app,
        admin,
        'GET',
        `/v1/deals?pipelineId=${pipeline.id}&closeDateGte=${closeDate}&closeDateLte=${closeDate}`,
      )
      expect(listed.statusCode, listed.body).toBe(200)
      expect(listed.json<DealsResponse>().data.map((d) => d.id)).toEqual([deal.id])
    }
  })

  it('refuses such a time for a pasted call or e-mail and for an uploaded file', async () => {
    const pasted = await callAs(app, admin, 'POST', `/v1/deals/${deal.id}/engagements`, {
      type: 'transcript',
      text: 'Ada: Hello\nPriya: Hi',
      occurred_at: '0000-01-01T00:00:00Z',
    })
    expectOutOfRange(pasted, 'body.occurred_at')
    const typed = await callAs(app, admin, 'POST', `/v1/deals/${deal.id}/engagements`, {
      type: 'email',
      direction: 'inbound',
      from: 'priya@acme.test',
      subject: 'Pricing',
      body: 'What does it cost?',
      occurred_at: '1899-12-31T23:59:59Z',
    })
    expectOutOfRange(typed, 'body.occurred_at')

    for (const occurredAt of ['0000-01-01T00:00:00Z', '+010000-01-01T00:00:00Z']) {
      const body = multipart(
        { name: 'call.txt', content: 'Ada: Hello\nPriya: Hi' },
        { occurred_at: occurredAt },
      )
      const uploaded = await app.inject({
        method: 'POST',
        url: `/v1/deals/${deal.id}/engagements`,
        headers: { ...bearer(admin.accessToken), ...body.headers },
        payload: body.payload,
      })
      expectOutOfRange(uploaded, 'body.occurred_at')
    }

    const stored = await callAs(app, admin, 'POST', `/v1/deals/${deal.id}/engagements`, {
      type: 'transcript',
      text: 'Ada: Hello\nPriya: Hi',
      occurred_at: '1900-01-01T00:00:00Z',
      roles: { Priya: 'buyer' },
    })
    expect(stored.statusCode, stored.body).toBe(201)
  })

  it('takes now for an uploaded e-mail whose own date is year 0000', async () => {
    const eml = [
      'From: Priya <priya@acme.test>',
      'To: ada@seller.test',
      'Subject: Year zero',
      // Not RFC 5322, but what a Date header is read with (Date.parse) takes it as year 0000.
      'Date: 0000-01-01T00:00:00Z',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Can we talk pricing?',
      '',
    ].join('\r\n')
    const body = multipart({ name: 'year-zero.eml', content: eml, type: 'message/rfc822' })
    const before = Date.now()
    const uploaded = await app.inject({
      method: 'POST',
      url: `/v1/deals/${deal.id}/engagements`,
      headers: { ...bearer(admin.accessToken), ...body.headers },
      payload: body.payload,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const occurredAt = Date.parse(
      uploaded.json<{ engagement: { occurred_at: string } }>().engagement.occurred_at,
    )
    expect(occurredAt).toBeGreaterThanOrEqual(before - 1000)
  })

  it('has no date argument in GraphQL: one asked for is a GraphQL error, not a 500', async () => {
    const response = await postGraphQL(app, admin, {
      query: '{ deals(closeDateGte: "0000-01-01") { total } }',
    })
    expect(response.statusCode).toBeLessThan(500)
    const answer = response.json<{ errors?: { message: string }[] }>()
    expect(answer.errors?.[0]?.message).toMatch(/closeDateGte/)
  })
})
