import type { DealAnalysisBody, DealObjection } from '@dealcoach/contracts/analysis'
import type {
  ObjectionAnalysisList,
  ObjectionFeedback,
} from '@dealcoach/contracts/objection-analysis'
import type { ObjectionType } from '@dealcoach/contracts/objections'
import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns, objections } from '../../db/schema/analysis.js'
import { objectionTypeDays } from '../../db/schema/reports.js'
import {
  createDeal,
  runAnalysis,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs, type SignedIn } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

// A price remark and a worry about IT approval, each an objection of its own (ADR 0033).
const PRICE = 'The price is honestly too steep for us right now.'
const IT_WORRY = 'I am worried our IT department will not approve another cloud tool this year.'
const LEGAL = 'Our legal team will never accept a contract that renews automatically.'

const transcript = (...buyerSays: string[]) =>
  buyerSays
    .flatMap((said) => [`Sam Seller: Let me know what you think.`, `Bea Buyer: ${said}`])
    .concat('Sam Seller: Of course, I will follow up by Friday.')
    .join('\n')

describe('an objection keeps its id across re-analyses (ADR 0033)', () => {
  let testApp: TestApp
  const app = (): FastifyInstance => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    await testApp.app.ready()
  })
  afterAll(() => testApp.close())

  const call = (
    session: SignedIn,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => callAs(app(), session, method, url, payload)

  async function objectionsOf(session: SignedIn, dealId: string): Promise<DealObjection[]> {
    const response = await call(session, 'GET', `/v1/deals/${dealId}/analysis`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DealAnalysisBody>().objections
  }

  /** Runs every queued analysis of the organisation here, as the worker would. */
  async function runQueued(session: SignedIn): Promise<number> {
    const runs = await app()
      .db.select({ id: analysisRuns.id, dealId: analysisRuns.dealId })
      .from(analysisRuns)
      .where(
        and(
          eq(analysisRuns.organisationId, session.organisationId),
          eq(analysisRuns.status, 'queued'),
        ),
      )
    for (const run of runs) await runAnalysis(app(), session, run.dealId, run.id)
    return runs.length
  }

  async function upload(session: SignedIn, dealId: string, engagement: Record<string, unknown>) {
    const uploaded = await call(session, 'POST', `/v1/deals/${dealId}/engagements`, {
      occurred_at: '2026-11-02T10:00:00.000Z',
      ...engagement,
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    return uploaded.json<{ engagement: { id: string } }>().engagement.id
  }

  const uploadCall = (session: SignedIn, dealId: string, ...buyerSays: string[]) =>
    upload(session, dealId, {
      type: 'transcript',
      name: 'Pricing call',
      text: transcript(...buyerSays),
      roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
    })

  /** A deal with one call in which the buyer raises both objections, analysed. */
  async function analysedDeal(space: Workspace, name = 'Acme rollout') {
    const dealId = await createDeal(app(), space, name)
    const engagementId = await uploadCall(space.admin, dealId, PRICE, IT_WORRY)
    await runQueued(space.admin)
    const found = await objectionsOf(space.admin, dealId)
    return { dealId, engagementId, price: find(found, PRICE), itWorry: find(found, IT_WORRY) }
  }

  function find(found: readonly DealObjection[], text: string): DealObjection {
    const objection = found.find((o) => o.text.includes(text))
    if (!objection) throw new Error(`"${text}" was not detected: ${JSON.stringify(found)}`)
    return objection
  }

  const ids = (found: readonly DealObjection[]) => found.map((o) => o.id).sort()

  const feedbackOn = (session: SignedIn, objectionId: string, body: unknown) =>
    call(session, 'POST', `/v1/objections/${objectionId}/feedback`, body)

  async function typeNamed(session: SignedIn, name: string): Promise<ObjectionType> {
    const response = await call(session, 'GET', '/v1/objections/types?page_size=100')
    const type = response.json<{ models: ObjectionType[] }>().models.find((t) => t.name === name)
    if (!type) throw new Error(`no type named ${name}`)
    return type
  }

  /** The deal's objection rows and the organisation's per-day counts, as stored. */
  async function stored(organisationId: string, dealId: string) {
    const rows = await app()
      .db.select()
      .from(objections)
      .where(eq(objections.dealId, dealId))
      .orderBy(objections.id)
    const days = await app()
      .db.select()
      .from(objectionTypeDays)
      .where(eq(objectionTypeDays.organisationId, organisationId))
      .orderBy(objectionTypeDays.objectionTypeId, objectionTypeDays.day)
    return { rows, days }
  }

  it('takes two corrections in a row, the second after the first one’s re-analysis', async () => {
    const space = await workspace(app())
    const deal = await analysedDeal(space)

    const first = await feedbackOn(space.admin, deal.price.id, { verdict: 'not_objection' })
    expect(first.statusCode, first.body).toBe(201)
    // The first correction's re-analysis runs before the user clicks the second card.
    expect(await runQueued(space.admin)).toBe(1)
    const second = await feedbackOn(space.admin, deal.itWorry.id, { verdict: 'not_objection' })
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json<ObjectionFeedback>().objection_id).toBe(deal.itWorry.id)

    // And two at once, before any re-analysis (elsewhere: this organisation now rejects both).
    const elsewhere = await workspace(app())
    const other = await analysedDeal(elsewhere)
    const timing = await typeNamed(elsewhere.admin, 'Timing / priority')
    for (const objection of [other.price, other.itWorry]) {
      const response = await feedbackOn(elsewhere.admin, objection.id, {
        verdict: 'other_type',
        objection_type_id: timing.id,
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    await runQueued(elsewhere.admin)
    const after = await objectionsOf(elsewhere.admin, other.dealId)
    expect(after.map((o) => [o.id, o.objection_type_id]).sort()).toEqual(
      [
        [other.price.id, timing.id],
        [other.itWorry.id, timing.id],
      ].sort(),
    )
  })

  it('keeps the ids through a re-run, and running it twice changes no row or count', async () => {
    const space = await workspace(app())
    const deal = await analysedDeal(space)
    const before = await stored(space.admin.organisationId, deal.dealId)
    expect(before.rows).toHaveLength(2)

    for (let i = 0; i < 2; i += 1) {
      const rerun = await call(space.admin, 'POST', `/v1/deals/${deal.dealId}/analysis`)
      expect(rerun.statusCode, rerun.body).toBe(202)
      expect(await runQueued(space.admin)).toBe(1)
      expect(ids(await objectionsOf(space.admin, deal.dealId))).toEqual(
        [deal.price.id, deal.itWorry.id].sort(),
      )
      // The same rows (created when first found) and the same rollups.
      expect(await stored(space.admin.organisationId, deal.dealId)).toEqual(before)
    }

    // A new call: the objections already found keep their ids, a new one gets its own.
    await uploadCall(space.admin, deal.dealId, LEGAL)
    await runQueued(space.admin)
    const grown = await objectionsOf(space.admin, deal.dealId)
    const legal = find(grown, LEGAL)
    expect(ids(grown)).toEqual([deal.price.id, deal.itWorry.id, legal.id].sort())
  })

  it('keeps the ids of every deal when a quote becomes an example and the organisation is re-analysed', async () => {
    const space = await workspace(app())
    const acme = await analysedDeal(space)
    const globex = await analysedDeal(space, 'Globex rollout')
    const report = async () => {
      const response = await call(space.admin, 'GET', '/v1/objections/analysis?page_size=100')
      expect(response.statusCode, response.body).toBe(200)
      return response
        .json<ObjectionAnalysisList>()
        .models.map((o) => o.id)
        .sort()
    }
    const listed = await report()
    expect(listed).toHaveLength(4)

    const promoted = await call(space.admin, 'POST', `/v1/objections/${acme.price.id}/promote`, {})
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(await runQueued(space.admin)).toBe(2)

    expect(await report()).toEqual(listed)
    expect(ids(await objectionsOf(space.admin, acme.dealId))).toEqual(
      [acme.price.id, acme.itWorry.id].sort(),
    )
    // An id from before the re-analysis still takes a correction.
    const corrected = await feedbackOn(space.admin, globex.itWorry.id, { verdict: 'not_objection' })
    expect(corrected.statusCode, corrected.body).toBe(201)
  })

  it('keeps the id of a retyped objection, with its correction, and moves its counts', async () => {
    const space = await workspace(app())
    const timing = await typeNamed(space.admin, 'Timing / priority')
    const deal = await analysedDeal(space)
    expect(deal.price.objection_type_id).not.toBe(timing.id)

    const retyped = await feedbackOn(space.admin, deal.price.id, {
      verdict: 'other_type',
      objection_type_id: timing.id,
    })
    expect(retyped.statusCode, retyped.body).toBe(201)
    const feedbackId = retyped.json<ObjectionFeedback>().id
    await runQueued(space.admin)

    const again = find(await objectionsOf(space.admin, deal.dealId), PRICE)
    expect(again).toMatchObject({
      id: deal.price.id,
      objection_type_id: timing.id,
      feedback: { id: feedbackId, verdict: 'other_type' },
    })
    const { days } = await stored(space.admin.organisationId, deal.dealId)
    const raised = (typeId: string) =>
      days.filter((d) => d.objectionTypeId === typeId).reduce((n, d) => n + d.raised, 0)
    expect(raised(timing.id)).toBe(deal.itWorry.objection_type_id === timing.id ? 2 : 1)
    // A re-analysis after that changes nothing more.
    const before = await stored(space.admin.organisationId, deal.dealId)
    await call(space.admin, 'POST', `/v1/deals/${deal.dealId}/analysis`)
    await runQueued(space.admin)
    expect(await stored(space.admin.organisationId, deal.dealId)).toEqual(before)
  })

  it('keeps the ids of an e-mail’s objections, found by their sentences', async () => {
    const space = await workspace(app())
    const dealId = await createDeal(app(), space)
    await upload(space.admin, dealId, {
      type: 'email',
      direction: 'inbound',
      from: 'bea@acme-buyer.com',
      to: ['sam@seller.test'],
      subject: 'Your proposal',
      body: `Hi Sam,\n\nThanks for the proposal. ${PRICE}\n\n${LEGAL}\n\nBest, Bea`,
    })
    await runQueued(space.admin)
    const found = await objectionsOf(space.admin, dealId)
    expect(found.length).toBeGreaterThan(0)

    await call(space.admin, 'POST', `/v1/deals/${dealId}/analysis`)
    await runQueued(space.admin)
    expect(ids(await objectionsOf(space.admin, dealId))).toEqual(ids(found))
  })

  it('drops the objections of a deleted engagement, whose ids then answer 404', async () => {
    const space = await workspace(app())
    const deal = await analysedDeal(space)
    const kept = await uploadCall(space.admin, deal.dealId, LEGAL)
    await runQueued(space.admin)
    const legal = find(await objectionsOf(space.admin, deal.dealId), LEGAL)

    const deleted = await call(space.admin, 'DELETE', `/v1/engagements/${deal.engagementId}`)
    expect(deleted.statusCode, deleted.body).toBe(204)
    await runQueued(space.admin)

    const left = await objectionsOf(space.admin, deal.dealId)
    expect(left.map((o) => [o.id, o.engagement_id])).toEqual([[legal.id, kept]])
    const gone = await feedbackOn(space.admin, deal.price.id, { verdict: 'not_objection' })
    expect(gone.statusCode, gone.body).toBe(404)
    const rows = await app()
      .db.select({ id: objections.id })
      .from(objections)
      .where(inArray(objections.id, [deal.price.id, deal.itWorry.id]))
    expect(rows).toEqual([])
  })
})
