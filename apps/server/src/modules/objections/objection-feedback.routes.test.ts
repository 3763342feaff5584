import { randomUUID } from 'node:crypto'
import type { DealAnalysisBody, DealObjection } from '@dealcoach/contracts/analysis'
import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'
import type {
  ObjectionFeedback,
  ObjectionFeedbackList,
} from '@dealcoach/contracts/objection-analysis'
import type { ObjectionType } from '@dealcoach/contracts/objections'
import { createBuiltinProvider } from '@dealcoach/intelligence/providers/builtin-provider'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analysisRuns, objections } from '../../db/schema/analysis.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import {
  createDeal,
  runAnalysis,
  workspace,
  type Workspace,
} from '../../test-support/assessment-fixtures.js'
import { callAs, inviteMember, type SignedIn } from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'
import { createAnalysisInputs } from '../analysis/analysis-inputs.js'
import { createDealAnalysisService } from '../analysis/deal-analysis.service.js'

type ErrorJson = { error: { code: string; details?: { path: string }[] } }
const errorOf = (body: string) => (JSON.parse(body) as ErrorJson).error
const pathsOf = (body: string) => (errorOf(body).details ?? []).map((detail) => detail.path)

// Our own sentences: a price remark we will call no objection, its paraphrase in another deal,
// and a worry about IT approval that stays an objection throughout.
const PRICE = 'The price is honestly too steep for us right now.'
const PRICE_PARAPHRASE = 'Honestly the price is too steep for us.'
const IT_WORRY = 'I am worried our IT department will not approve another cloud tool this year.'

function transcript(priceSentence: string): string {
  return [
    'Sam Seller: The annual plan would be eighteen thousand for your team.',
    `Bea Buyer: ${priceSentence}`,
    'Sam Seller: I understand. What budget did you set aside for this?',
    `Bea Buyer: ${IT_WORRY}`,
    'Sam Seller: Of course, I will send our security documentation.',
  ].join('\n')
}

describe('objection feedback', () => {
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

  async function analysisOf(session: SignedIn, dealId: string): Promise<DealAnalysisBody> {
    const response = await call(session, 'GET', `/v1/deals/${dealId}/analysis`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<DealAnalysisBody>()
  }

  /** Runs the deal's queued analysis here, as the worker would. */
  async function runQueued(session: SignedIn, dealId: string): Promise<void> {
    const [run] = await app()
      .db.select({ id: analysisRuns.id })
      .from(analysisRuns)
      .where(and(eq(analysisRuns.dealId, dealId), eq(analysisRuns.status, 'queued')))
    if (!run) throw new Error('no analysis is queued for the deal')
    await runAnalysis(app(), session, dealId, run.id)
  }

  /** A deal with one call, analysed: answers its id and the objections found. */
  async function analysedDeal(space: Workspace, priceSentence = PRICE, name = 'Acme rollout') {
    const dealId = await createDeal(app(), space, name)
    const uploaded = await call(space.admin, 'POST', `/v1/deals/${dealId}/engagements`, {
      type: 'transcript',
      name: 'Pricing call',
      occurred_at: '2026-11-02T10:00:00.000Z',
      text: transcript(priceSentence),
      roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    await runQueued(space.admin, dealId)
    return { dealId, objections: (await analysisOf(space.admin, dealId)).objections }
  }

  function find(found: readonly DealObjection[], text: string): DealObjection {
    const objection = found.find((o) => o.text.includes(text))
    if (!objection) throw new Error(`"${text}" was not detected: ${JSON.stringify(found)}`)
    return objection
  }

  async function typeNamed(session: SignedIn, name: string): Promise<ObjectionType> {
    const response = await call(session, 'GET', '/v1/objections/types?page_size=100')
    const type = response.json<{ models: ObjectionType[] }>().models.find((t) => t.name === name)
    if (!type) throw new Error(`no type named ${name}`)
    return type
  }

  async function storedObjection(id: string) {
    const [row] = await app().db.select().from(objections).where(eq(objections.id, id))
    return row
  }

  const feedbackOn = (session: SignedIn, objectionId: string, body: unknown) =>
    call(session, 'POST', `/v1/objections/${objectionId}/feedback`, body)

  it('a correction changes the next analysis of a similar sentence, in any deal', async () => {
    const space = await workspace(app())
    const first = await analysedDeal(space)
    const price = find(first.objections, PRICE)
    find(first.objections, IT_WORRY)

    const rejected = await feedbackOn(space.admin, price.id, { verdict: 'not_objection' })
    expect(rejected.statusCode, rejected.body).toBe(201)
    // Hidden at once, before any re-analysis.
    expect((await analysisOf(space.admin, first.dealId)).objections.map((o) => o.id)).not.toContain(
      price.id,
    )
    expect((await analysisOf(space.admin, first.dealId)).status).toBe('queued')

    await runQueued(space.admin, first.dealId)
    const reanalysed = await analysisOf(space.admin, first.dealId)
    expect(reanalysed.objections.map((o) => o.text)).toEqual([IT_WORRY])
    // Re-analysis no longer finds the sentence: the correction stays, linked to no objection.
    const list = await call(space.admin, 'GET', '/v1/objections/feedback')
    expect(list.json<ObjectionFeedbackList>().models).toMatchObject([
      { objection_id: null, verdict: 'not_objection', quote: PRICE },
    ])

    // Another deal where the buyer says nearly the same: not an objection either.
    const second = await analysedDeal(space, PRICE_PARAPHRASE, 'Globex rollout')
    expect(second.objections.map((o) => o.text)).toEqual([IT_WORRY])

    // Another organisation without the correction still finds it.
    const other = await analysedDeal(await workspace(app()), PRICE_PARAPHRASE)
    find(other.objections, PRICE_PARAPHRASE)
  })

  it('a retyped sentence makes its paraphrase in another deal of the corrected type', async () => {
    const space = await workspace(app())
    const timing = await typeNamed(space.admin, 'Timing / priority')
    const first = await analysedDeal(space)
    const price = find(first.objections, PRICE)
    expect(price.objection_type_id).not.toBe(timing.id)

    const retyped = await feedbackOn(space.admin, price.id, {
      verdict: 'other_type',
      objection_type_id: timing.id,
    })
    expect(retyped.statusCode, retyped.body).toBe(201)
    const feedback = retyped.json<ObjectionFeedback>()
    expect(feedback).toMatchObject({
      objection_id: price.id,
      verdict: 'other_type',
      quote: PRICE,
      original_type: { id: price.objection_type_id, name: price.type_name },
      corrected_type: { id: timing.id, name: timing.name },
      deal: { id: first.dealId, name: 'Acme rollout' },
      user: { id: space.admin.userId },
    })
    // Shown under the new type at once, with the correction that moved it.
    const correction = {
      id: feedback.id,
      verdict: 'other_type',
      original_type_id: price.objection_type_id,
    }
    expect(find((await analysisOf(space.admin, first.dealId)).objections, PRICE)).toMatchObject({
      id: price.id,
      objection_type_id: timing.id,
      feedback: correction,
    })

    await runQueued(space.admin, first.dealId)
    const again = find((await analysisOf(space.admin, first.dealId)).objections, PRICE)
    expect(again.objection_type_id).toBe(timing.id)
    expect(again.feedback).toEqual(correction)
    // The objection keeps its id (ADR 0033), so the correction stays shown with it.
    const list = await call(space.admin, 'GET', '/v1/objections/feedback')
    expect(list.json<ObjectionFeedbackList>().models[0]?.objection_id).toBe(again.id)
    expect(again.id).toBe(price.id)

    const second = await analysedDeal(space, PRICE_PARAPHRASE, 'Globex rollout')
    expect(find(second.objections, PRICE_PARAPHRASE).objection_type_id).toBe(timing.id)
  })

  it('keeps an exact corrected sentence corrected whatever the provider finds', async () => {
    const space = await workspace(app())
    const timing = await typeNamed(space.admin, 'Timing / priority')
    const deal = await analysedDeal(space)
    const price = find(deal.objections, PRICE)
    const itWorry = find(deal.objections, IT_WORRY)
    await feedbackOn(space.admin, price.id, { verdict: 'not_objection' })
    await feedbackOn(space.admin, itWorry.id, {
      verdict: 'other_type',
      objection_type_id: timing.id,
    })
    // A provider that ignores the corrections (as a remote model may) still finds both.
    const builtin = createBuiltinProvider()
    const forgetful = createDealAnalysisService({
      db: app().db,
      inputs: createAnalysisInputs(app().services),
      deals: app().services.deals,
      provider: {
        name: 'forgetful',
        analyseDeal: (input) => builtin.analyseDeal({ ...input, objection_feedback: [] }),
      },
      engineVersion: '0.0.0',
      feedback: app().services.objectionFeedback,
    })
    const [run] = await app()
      .db.select({ id: analysisRuns.id })
      .from(analysisRuns)
      .where(and(eq(analysisRuns.dealId, deal.dealId), eq(analysisRuns.status, 'queued')))
    await forgetful.run(
      { organisationId: space.admin.organisationId, dealId: deal.dealId, runId: run?.id ?? '' },
      { finalAttempt: true },
    )
    const shown = (await analysisOf(space.admin, deal.dealId)).objections
    expect(shown.map((o) => [o.text, o.objection_type_id])).toEqual([[IT_WORRY, timing.id]])
    const list = await call(space.admin, 'GET', '/v1/objections/feedback')
    const linked = list.json<ObjectionFeedbackList>().models.map((f) => f.objection_id)
    // Found again in the same places, the objections kept their ids (ADR 0033).
    expect(linked.sort()).toEqual([price.id, itWorry.id].sort())
  })

  describe('endpoints', () => {
    let space: Workspace
    let member: SignedIn
    let otherAdmin: SignedIn
    let dealId: string
    let price: DealObjection
    let itWorry: DealObjection

    beforeAll(async () => {
      space = await workspace(app())
      member = await inviteMember(app(), space.admin)
      otherAdmin = (await workspace(app())).admin
      const deal = await analysedDeal(space)
      dealId = deal.dealId
      price = find(deal.objections, PRICE)
      itWorry = find(deal.objections, IT_WORRY)
    })

    it('lets a member correct, replaces an earlier verdict on the same sentence, and lists it', async () => {
      const timing = await typeNamed(member, 'Timing / priority')
      const first = await feedbackOn(member, price.id, {
        verdict: 'other_type',
        objection_type_id: timing.id,
      })
      expect(first.statusCode, first.body).toBe(201)
      const second = await feedbackOn(member, price.id, { verdict: 'not_objection' })
      expect(second.statusCode, second.body).toBe(201)
      const replacement = second.json<ObjectionFeedback>()
      // The engine's type stays the original, not the one the first correction set.
      expect(replacement).toMatchObject({
        verdict: 'not_objection',
        original_type: { id: price.objection_type_id },
        corrected_type: null,
        user: { id: member.userId, name: 'Carol Cole' },
      })
      expect(await storedObjection(price.id)).toMatchObject({
        rejected: true,
        objectionTypeId: price.objection_type_id,
      })

      const list = await call(member, 'GET', '/v1/objections/feedback')
      expect(list.statusCode, list.body).toBe(200)
      const body = list.json<ObjectionFeedbackList>()
      expect(body.models.map((f) => f.id)).toEqual([replacement.id])
      expect(body.pagination).toMatchObject({ page: 1, page_size: 30, total: 1 })

      // Newest first, paged.
      const later = await feedbackOn(space.admin, itWorry.id, { verdict: 'not_objection' })
      const page = await call(member, 'GET', '/v1/objections/feedback?page=1&page_size=1')
      expect(page.json<ObjectionFeedbackList>().models.map((f) => f.id)).toEqual([
        later.json<ObjectionFeedback>().id,
      ])
      expect(page.json<ObjectionFeedbackList>().pagination.total).toBe(2)
      // Another organisation sees none of them.
      const others = await call(otherAdmin, 'GET', '/v1/objections/feedback')
      expect(others.json<ObjectionFeedbackList>().pagination.total).toBe(0)

      // Members take back only their own; admins anyone's. Taking back restores the objection.
      const laterId = later.json<ObjectionFeedback>().id
      const forbidden = await call(member, 'DELETE', `/v1/objections/feedback/${laterId}`)
      expect(forbidden.statusCode, forbidden.body).toBe(403)
      const own = await call(member, 'DELETE', `/v1/objections/feedback/${replacement.id}`)
      expect(own.statusCode, own.body).toBe(204)
      expect(await storedObjection(price.id)).toMatchObject({
        rejected: false,
        objectionTypeId: price.objection_type_id,
      })
      const byAdmin = await call(space.admin, 'DELETE', `/v1/objections/feedback/${laterId}`)
      expect(byAdmin.statusCode, byAdmin.body).toBe(204)
      expect((await storedObjection(itWorry.id))?.rejected).toBe(false)
      expect(
        (await call(member, 'GET', '/v1/objections/feedback')).json<ObjectionFeedbackList>()
          .pagination.total,
      ).toBe(0)
      const again = await call(space.admin, 'DELETE', `/v1/objections/feedback/${laterId}`)
      expect(again.statusCode).toBe(404)
    })

    it('takes back a retyping, re-analysis then finding the engine’s type again', async () => {
      const timing = await typeNamed(space.admin, 'Timing / priority')
      const retyped = await feedbackOn(space.admin, price.id, {
        verdict: 'other_type',
        objection_type_id: timing.id,
      })
      expect(retyped.statusCode, retyped.body).toBe(201)
      await runQueued(space.admin, dealId)
      const moved = find((await analysisOf(space.admin, dealId)).objections, PRICE)
      expect(moved.objection_type_id).toBe(timing.id)

      const undo = await call(
        space.admin,
        'DELETE',
        `/v1/objections/feedback/${retyped.json<ObjectionFeedback>().id}`,
      )
      expect(undo.statusCode, undo.body).toBe(204)
      expect((await storedObjection(moved.id))?.objectionTypeId).toBe(price.objection_type_id)
      await runQueued(space.admin, dealId)
      const back = find((await analysisOf(space.admin, dealId)).objections, PRICE)
      expect(back.objection_type_id).toBe(price.objection_type_id)
      price = back
      itWorry = find((await analysisOf(space.admin, dealId)).objections, IT_WORRY)
    })

    it('answers 400 for a bad verdict or type, and 404 for another organisation’s objection', async () => {
      const inactive = randomUUID()
      await app().db.insert(objectionTypes).values({
        id: inactive,
        organisationId: space.admin.organisationId,
        name: 'Switched off',
        description: 'Not looked for.',
        examples: [],
        active: false,
        source: 'user',
      })
      const cases: [unknown, string[], string][] = [
        [{}, ['body.verdict'], 'validation_failed'],
        [{ verdict: 'maybe' }, ['body.verdict'], 'validation_failed'],
        [{ verdict: 'other_type' }, ['body.objection_type_id'], 'validation_failed'],
        [
          { verdict: 'other_type', objection_type_id: 'nope' },
          ['body.objection_type_id'],
          'validation_failed',
        ],
        [
          { verdict: 'other_type', objection_type_id: randomUUID() },
          ['body.objection_type_id'],
          'objection_type_unknown',
        ],
        [
          { verdict: 'other_type', objection_type_id: inactive },
          ['body.objection_type_id'],
          'objection_type_unknown',
        ],
        [
          { verdict: 'other_type', objection_type_id: price.objection_type_id },
          ['body.objection_type_id'],
          'objection_type_unchanged',
        ],
      ]
      for (const [payload, paths, code] of cases) {
        const response = await feedbackOn(space.admin, price.id, payload)
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(errorOf(response.body).code, response.body).toBe(code)
        expect(pathsOf(response.body)).toEqual(paths)
      }
      // Another organisation's type is not one of ours either.
      const foreign = await typeNamed(otherAdmin, 'Timing / priority')
      const response = await feedbackOn(space.admin, price.id, {
        verdict: 'other_type',
        objection_type_id: foreign.id,
      })
      expect(errorOf(response.body).code).toBe('objection_type_unknown')

      const bad = await call(space.admin, 'POST', '/v1/objections/nope/feedback', {
        verdict: 'not_objection',
      })
      expect(bad.statusCode).toBe(400)
      expect(pathsOf(bad.body)).toEqual(['params.id'])
      const notOurs = await feedbackOn(otherAdmin, price.id, { verdict: 'not_objection' })
      expect(notOurs.statusCode, notOurs.body).toBe(404)
      const unknown = await feedbackOn(space.admin, randomUUID(), { verdict: 'not_objection' })
      expect(unknown.statusCode).toBe(404)
      expect((await storedObjection(price.id))?.rejected).toBe(false)

      const mine = await feedbackOn(space.admin, itWorry.id, { verdict: 'not_objection' })
      const id = mine.json<ObjectionFeedback>().id
      const undoElsewhere = await call(otherAdmin, 'DELETE', `/v1/objections/feedback/${id}`)
      expect(undoElsewhere.statusCode).toBe(404)
      expect((await call(space.admin, 'DELETE', `/v1/objections/feedback/${id}`)).statusCode).toBe(
        204,
      )
      const pageSize = await call(space.admin, 'GET', '/v1/objections/feedback?page_size=0')
      expect(pageSize.statusCode).toBe(400)
    })

    it('lets admins promote a quote to an example of a type, once', async () => {
      const promote = (session: SignedIn, objectionId: string, body: unknown = {}) =>
        call(session, 'POST', `/v1/objections/${objectionId}/promote`, body)
      expect((await promote(member, price.id)).statusCode).toBe(403)
      expect((await promote(otherAdmin, price.id)).statusCode).toBe(404)

      const promoted = await promote(space.admin, price.id)
      expect(promoted.statusCode, promoted.body).toBe(200)
      const type = promoted.json<ObjectionType>()
      expect(type.id).toBe(price.objection_type_id)
      expect(type.examples.at(-1)).toBe(PRICE)
      // Changing a type's wording re-analyses the organisation's deals, as any type edit does.
      expect((await analysisOf(space.admin, dealId)).status).toBe('queued')

      const twice = await promote(space.admin, price.id)
      expect(twice.statusCode).toBe(409)
      expect(errorOf(twice.body).code).toBe('objection_example_exists')

      const timing = await typeNamed(space.admin, 'Timing / priority')
      const elsewhere = await promote(space.admin, itWorry.id, { objection_type_id: timing.id })
      expect(elsewhere.statusCode, elsewhere.body).toBe(200)
      expect(elsewhere.json<ObjectionType>().examples).toContain(IT_WORRY)

      const unknownType = await promote(space.admin, itWorry.id, {
        objection_type_id: randomUUID(),
      })
      expect(unknownType.statusCode).toBe(400)
      expect(pathsOf(unknownType.body)).toEqual(['body.objection_type_id'])

      // A full type takes no more examples.
      const full = Array.from({ length: OBJECTION_TYPE_LIMITS.examples }, (_, i) => `Example ${i}`)
      await app()
        .db.update(objectionTypes)
        .set({ examples: full })
        .where(eq(objectionTypes.id, timing.id))
      const tooMany = await promote(space.admin, price.id, { objection_type_id: timing.id })
      expect(tooMany.statusCode).toBe(409)
      expect(errorOf(tooMany.body).code).toBe('objection_type_examples_full')

      // A quote longer than an example may be.
      const long = 'word '.repeat(OBJECTION_TYPE_LIMITS.example / 4).trim()
      await app().db.update(objections).set({ text: long }).where(eq(objections.id, itWorry.id))
      const tooLong = await promote(space.admin, itWorry.id)
      expect(tooLong.statusCode).toBe(409)
      expect(errorOf(tooLong.body).code).toBe('objection_quote_too_long')
    })
  })
})
