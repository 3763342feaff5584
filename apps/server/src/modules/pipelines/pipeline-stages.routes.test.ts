import { randomUUID } from 'node:crypto'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actionResults } from '../../db/schema/analysis.js'
import { dealStageHistory, deals } from '../../db/schema/deals.js'
import { bearer, signUp, type SignedIn, uniqueEmail } from '../../test-support/auth-helpers.js'
import {
  createPipeline,
  type ErrorJson,
  getPipeline,
  insertActionResult,
  insertDeals,
  insertStageChange,
  pathsOf,
  stageIdOf,
} from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type StageEntry = { stage_id?: string; name: string }
type ActionEntry = {
  action_id?: string
  stage_id?: string | null
  name: string
  description?: string
}

/** The stage, action, stage-action and CRM-lookup writes of one pipeline. */
describe('pipeline stages and actions', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let admin: SignedIn
  let otherAdmin: SignedIn
  /** A pipeline of another organisation, whose stage and action ids must not be accepted. */
  let foreign: Pipeline

  const put = (pipeline: Pipeline, write: string, payload: unknown) =>
    app().inject({
      method: 'PUT',
      url: `/v1/pipelines/${pipeline.id}/${write}`,
      headers: bearer(admin.accessToken),
      payload: payload as object,
    })
  const putOk = async (pipeline: Pipeline, write: string, payload: unknown) => {
    const response = await put(pipeline, write, payload)
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json<Pipeline>()
    expect(await getPipeline(app(), admin, pipeline.id)).toEqual(answer)
    return answer
  }
  /** A 400 that changed nothing. */
  const refused = async (pipeline: Pipeline, write: string, payload: unknown) => {
    const response = await put(pipeline, write, payload)
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json<ErrorJson>().error.code).toBe('validation_failed')
    expect(await getPipeline(app(), admin, pipeline.id)).toEqual(pipeline)
    return pathsOf(response.body)
  }
  // Pipeline names are unique in an organisation, so each fresh pipeline gets its own.
  let created = 0
  const fresh = (framework = 'meddic') =>
    createPipeline(app(), admin, { name: `${framework} pipeline ${++created}`, framework })
  const stagesOf = (pipeline: Pipeline): StageEntry[] =>
    pipeline.stages.map(({ stage_id, name }) => ({ stage_id, name }))
  const actionsOf = (pipeline: Pipeline): ActionEntry[] =>
    pipeline.actions.map(({ action_id, stage_id, name, description }) => ({
      action_id,
      stage_id,
      name,
      description,
    }))
  const dealsIn = (pipeline: Pipeline, stageName: string, count: number) =>
    insertDeals(
      app(),
      {
        organisationId: admin.organisationId,
        pipelineId: pipeline.id,
        stageId: stageIdOf(pipeline, stageName),
      },
      count,
    )

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    admin = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    otherAdmin = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    foreign = await createPipeline(app(), otherAdmin, { name: 'Theirs', framework: 'meddic' })
  })
  afterAll(() => testApp.close())

  describe('PUT stages', () => {
    it('renames, reorders, adds and removes stages; positions follow the list', async () => {
      const pipeline = await fresh('bant')
      const [qualification, needs, presentation, proposal, close] = pipeline.stages
      if (!qualification || !needs || !presentation || !proposal || !close)
        throw new Error('stages')
      const updated = await putOk(pipeline, 'stages', [
        { stage_id: needs.stage_id, name: 'Needs' },
        { stage_id: qualification.stage_id, name: qualification.name },
        { name: '  Security review ' },
        { stage_id: close.stage_id, name: close.name },
      ])
      expect(updated.stages.map((stage) => [stage.name, stage.position])).toEqual([
        ['Needs', 0],
        ['Qualification', 1],
        ['Security review', 2],
        ['Negotiation and close', 3],
      ])
      expect(updated.stages.map((stage) => stage.stage_id).slice(0, 2)).toEqual([
        needs.stage_id,
        qualification.stage_id,
      ])
      expect(updated.updated_at > pipeline.updated_at).toBe(true)

      // The removed stages' actions went with them; the kept ones keep theirs, in order.
      const kept = new Set([needs.stage_id, qualification.stage_id, close.stage_id])
      expect(updated.actions).toEqual(
        [needs, qualification, close].flatMap((stage) =>
          pipeline.actions.filter((action) => action.stage_id === stage.stage_id),
        ),
      )
      expect(updated.actions.every((action) => kept.has(action.stage_id ?? ''))).toBe(true)
    })

    it('accepts the object form, and an empty list removes every stage', async () => {
      const pipeline = await fresh('spiced')
      const reversed = await putOk(pipeline, 'stages', { stages: stagesOf(pipeline).reverse() })
      expect(reversed.stages.map((stage) => stage.name)).toEqual(
        pipeline.stages.map((stage) => stage.name).reverse(),
      )
      const empty = await putOk(pipeline, 'stages', [])
      expect(empty).toMatchObject({ stages: [], actions: [] })
    })

    it('answers 400 naming the entry for a foreign, unknown or repeated stage_id', async () => {
      const pipeline = await fresh()
      const [first, second] = stagesOf(pipeline)
      const foreignStage = { stage_id: foreign.stages[0]?.stage_id, name: 'Theirs' }
      expect(await refused(pipeline, 'stages', [first, foreignStage, first])).toEqual([
        'body.1.stage_id',
        'body.2.stage_id',
      ])
      expect(
        await refused(pipeline, 'stages', { stages: [second, { name: 'x' }, second] }),
      ).toEqual(['body.stages.2.stage_id'])
      expect(
        await refused(pipeline, 'stages', [
          { ...first, name: ' ' },
          { stage_id: 'nope', name: 'x' },
        ]),
      ).toEqual(['body.0.name', 'body.1.stage_id'])
      expect(await refused(pipeline, 'stages', { stages: 'all' })).toEqual(
        expect.arrayContaining([expect.stringMatching(/^body/)]),
      )
    })

    it('keeps stages named by their ids in capitals', async () => {
      const pipeline = await fresh()
      const shouted = stagesOf(pipeline).map((stage) => ({
        ...stage,
        stage_id: stage.stage_id?.toUpperCase(),
      }))
      const answer = await putOk(pipeline, 'stages', shouted)
      expect(stagesOf(answer)).toEqual(stagesOf(pipeline))
    })

    it('says a list over 30 stages is too long, in either form, not just "Invalid input"', async () => {
      const pipeline = await fresh()
      const tooMany = Array.from({ length: 31 }, (_, index) => ({ name: `Stage ${index}` }))
      for (const [payload, path] of [
        [tooMany, 'body'],
        [{ stages: tooMany }, 'body.stages'],
      ] as const) {
        const response = await put(pipeline, 'stages', payload)
        expect(response.statusCode).toBe(400)
        expect(response.json<ErrorJson>().error).toMatchObject({
          code: 'validation_failed',
          details: [{ path, message: 'Too big: expected array to have <=30 items' }],
        })
      }
    })

    it('answers 400 at the name of a stage named like another, in any case', async () => {
      const pipeline = await fresh()
      const [first, second] = stagesOf(pipeline)
      if (!first || !second) throw new Error('stages')
      expect(
        await refused(pipeline, 'stages', [first, { ...second, name: first.name.toUpperCase() }]),
      ).toEqual(['body.1.name'])
      expect(
        await refused(pipeline, 'stages', {
          stages: [first, second, { name: ` ${second.name.toLowerCase()} ` }],
        }),
      ).toEqual(['body.stages.2.name'])
    })

    it('refuses (409) to remove stages that still have deals, saying how many', async () => {
      const pipeline = await fresh()
      await dealsIn(pipeline, 'Decision criteria', 3)
      const withoutCriteria = stagesOf(pipeline).filter((s) => s.name !== 'Decision criteria')
      const response = await put(pipeline, 'stages', withoutCriteria)
      expect(response.statusCode).toBe(409)
      const criteriaId = stageIdOf(pipeline, 'Decision criteria')
      expect(response.json<ErrorJson>().error).toEqual({
        code: 'stage_has_deals',
        message:
          'Stage "Decision criteria" still has 3 deals. Say where to move them (move_deals_to).',
        details: [
          {
            path: `body.move_deals_to.${criteriaId}`,
            message: 'Stage "Decision criteria" still has 3 deals',
            code: 'stage_has_deals',
            params: { stage_name: 'Decision criteria', deal_count: 3 },
          },
        ],
      })

      // Two blocked stages are both named; moving only one of them is not enough.
      await dealsIn(pipeline, 'Decision process', 1)
      const both = withoutCriteria.filter((s) => s.name !== 'Decision process')
      const twice = await put(pipeline, 'stages', both)
      expect(twice.statusCode).toBe(409)
      expect(twice.json<ErrorJson>().error.message).toBe(
        '2 removed stages still have deals: "Decision criteria" (3 deals), "Decision process" (1 deal). Say where to move them (move_deals_to).',
      )
      expect(twice.json<ErrorJson>().error.details?.map((detail) => detail.params)).toEqual(
        expect.arrayContaining([
          { stage_name: 'Decision criteria', deal_count: 3 },
          { stage_name: 'Decision process', deal_count: 1 },
        ]),
      )
      const half = await put(pipeline, 'stages', {
        stages: both,
        move_deals_to: { [criteriaId]: stageIdOf(pipeline, 'Qualification') },
      })
      expect(half.statusCode).toBe(409)
      expect(pathsOf(half.body)).toEqual([
        `body.move_deals_to.${stageIdOf(pipeline, 'Decision process')}`,
      ])
      expect(half.json<ErrorJson>().error.message).toBe(
        'Stage "Decision process" still has 1 deal. Say where to move it (move_deals_to).',
      )
      expect(await getPipeline(app(), admin, pipeline.id)).toEqual(pipeline)
    })

    it('moves deals with move_deals_to, recording the move and keeping their stage history', async () => {
      const pipeline = await fresh()
      const qualification = stageIdOf(pipeline, 'Qualification')
      const metrics = stageIdOf(pipeline, 'Metrics and economic buyer')
      const criteria = stageIdOf(pipeline, 'Decision criteria')
      const [movedDeal, otherDeal] = await dealsIn(pipeline, 'Decision criteria', 2)
      const [stayingDeal] = await dealsIn(pipeline, 'Metrics and economic buyer', 1)
      if (!movedDeal || !otherDeal || !stayingDeal) throw new Error('deals')
      const org = admin.organisationId
      const history = [
        await insertStageChange(app(), org, movedDeal, null, qualification),
        await insertStageChange(app(), org, movedDeal, qualification, criteria),
        // A deal that passed through the removed stage and left it.
        await insertStageChange(app(), org, stayingDeal, criteria, metrics),
      ]
      // A result of an action of the removed stage goes with the action.
      const criteriaAction = pipeline.actions.find((action) => action.stage_id === criteria)
      const result = await insertActionResult(
        app(),
        org,
        movedDeal,
        criteriaAction?.action_id ?? '',
      )

      const updated = await putOk(pipeline, 'stages', {
        stages: stagesOf(pipeline).filter((stage) => stage.stage_id !== criteria),
        move_deals_to: { [criteria]: metrics },
      })
      expect(updated.stages.map((stage) => stage.stage_id)).not.toContain(criteria)
      expect(updated.actions.some((action) => action.stage_id === criteria)).toBe(false)

      const dealRows = await app()
        .db.select({ id: deals.id, stageId: deals.stageId })
        .from(deals)
        .where(inArray(deals.id, [movedDeal, otherDeal, stayingDeal]))
      expect(dealRows.every((deal) => deal.stageId === metrics)).toBe(true)

      // The history is what happened (ADR 0034): the removed stage stays in it, by id and name,
      // and each moved deal's move out of it is added.
      const historyRows = await app()
        .db.select()
        .from(dealStageHistory)
        .where(inArray(dealStageHistory.dealId, [movedDeal, otherDeal, stayingDeal]))
      // A removed stage reads as its kept name, a live one as its id.
      const readable = (row: (typeof historyRows)[number]) => [
        row.dealId,
        row.fromStageName ?? row.fromStageId,
        row.toStageName ?? row.toStageId,
      ]
      const byId = new Map(historyRows.map((row) => [row.id, readable(row)]))
      expect(history.map((id) => byId.get(id))).toEqual([
        [movedDeal, null, qualification],
        [movedDeal, qualification, 'Decision criteria'],
        [stayingDeal, 'Decision criteria', metrics],
      ])
      expect(
        historyRows
          .filter((row) => !history.includes(row.id))
          .map(readable)
          .sort(),
      ).toEqual(
        [
          [movedDeal, 'Decision criteria', metrics],
          [otherDeal, 'Decision criteria', metrics],
        ].sort(),
      )
      const results = await app()
        .db.select()
        .from(actionResults)
        .where(eq(actionResults.id, result))
      expect(results).toEqual([])
    })

    it('reads the stage ids of move_deals_to in any case, as the list’s own', async () => {
      const pipeline = await fresh()
      const metrics = stageIdOf(pipeline, 'Metrics and economic buyer')
      const criteria = stageIdOf(pipeline, 'Decision criteria')
      const moved = await dealsIn(pipeline, 'Decision criteria', 2)
      const updated = await putOk(pipeline, 'stages', {
        stages: stagesOf(pipeline)
          .filter((stage) => stage.stage_id !== criteria)
          .map((stage) => ({ ...stage, stage_id: stage.stage_id?.toUpperCase() })),
        move_deals_to: { [criteria.toUpperCase()]: metrics.toUpperCase() },
      })
      expect(updated.stages.map((stage) => stage.stage_id)).toEqual(
        stagesOf(pipeline)
          .map((stage) => stage.stage_id)
          .filter((id) => id !== criteria),
      )
      const dealRows = await app()
        .db.select({ stageId: deals.stageId })
        .from(deals)
        .where(inArray(deals.id, moved))
      expect(dealRows.map((deal) => deal.stageId)).toEqual([metrics, metrics])
    })

    it('answers 400 when move_deals_to names a kept stage or targets a removed or foreign one', async () => {
      const pipeline = await fresh()
      const [first, second, third] = stagesOf(pipeline)
      if (!first?.stage_id || !second?.stage_id || !third?.stage_id) throw new Error('stages')
      const kept = [first, { name: 'Brand new' }]
      expect(
        await refused(pipeline, 'stages', {
          stages: kept,
          move_deals_to: {
            [first.stage_id]: second.stage_id,
            [second.stage_id]: third.stage_id,
            [third.stage_id]: foreign.stages[0]?.stage_id,
          },
        }),
      ).toEqual(
        [
          `body.move_deals_to.${first.stage_id}`,
          `body.move_deals_to.${second.stage_id}`,
          `body.move_deals_to.${third.stage_id}`,
        ].sort(),
      )
      expect(
        await refused(pipeline, 'stages', {
          stages: kept,
          move_deals_to: { [second.stage_id]: 'not-a-uuid' },
        }),
      ).toEqual([`body.move_deals_to.${second.stage_id}`])
      // One stage named twice, in two cases, with two targets: neither is picked silently.
      expect(
        await refused(pipeline, 'stages', {
          stages: kept,
          move_deals_to: {
            [second.stage_id]: first.stage_id,
            [second.stage_id.toUpperCase()]: first.stage_id,
          },
        }),
      ).toEqual([`body.move_deals_to.${second.stage_id.toUpperCase()}`])
    })
  })

  describe('PUT actions', () => {
    it('adds, updates, deletes and reorders actions from the full list', async () => {
      const pipeline = await fresh('sandler')
      const bonding = stageIdOf(pipeline, 'Bonding and up-front contract')
      const pain = stageIdOf(pipeline, 'Pain')
      const list = actionsOf(pipeline)
      const [rapport, contract] = list.filter((action) => action.stage_id === bonding)
      if (!rapport || !contract) throw new Error('actions')
      const next: ActionEntry[] = [
        // Reordered within their stage, one renamed, one with its description left out (kept).
        { action_id: contract.action_id, stage_id: bonding, name: 'Agree the agenda' },
        { action_id: rapport.action_id, stage_id: bonding, name: rapport.name, description: 'New' },
        { stage_id: bonding, name: '  Send the recap  ', description: ' Same day ' },
        { stage_id: null, name: 'Log the call in the CRM' },
        // Every other stage's actions stay, except the Pain ones, which are deleted.
        ...list.filter((action) => action.stage_id !== bonding && action.stage_id !== pain),
      ]
      const updated = await putOk(pipeline, 'actions', next)
      const inBonding = updated.actions.filter((action) => action.stage_id === bonding)
      expect(inBonding.map((a) => [a.action_id, a.name, a.description, a.position])).toEqual([
        [contract.action_id, 'Agree the agenda', contract.description, 0],
        [rapport.action_id, rapport.name, 'New', 1],
        [expect.any(String), 'Send the recap', 'Same day', 2],
      ])
      expect(updated.actions.filter((action) => action.stage_id === pain)).toEqual([])
      expect(updated.actions.at(-1)).toMatchObject({
        stage_id: null,
        name: 'Log the call in the CRM',
        description: '',
        position: 0,
      })
      expect(updated.actions).toHaveLength(next.length)
      expect(updated.updated_at > pipeline.updated_at).toBe(true)

      // An empty list deletes them all.
      expect((await putOk(updated, 'actions', [])).actions).toEqual([])
    })

    it('merges an update without stage_id into the action’s stage; a new action needs one', async () => {
      const pipeline = await fresh('sandler')
      const list = actionsOf(pipeline)
      const [first, ...rest] = list
      if (!first) throw new Error('actions')
      const renamed = { action_id: first.action_id, name: 'Renamed, stage kept' }
      const updated = await putOk(pipeline, 'actions', [renamed, ...rest])
      expect(updated.actions.find((a) => a.action_id === first.action_id)).toMatchObject({
        stage_id: first.stage_id,
        name: 'Renamed, stage kept',
        description: first.description,
      })
      expect(await refused(updated, 'actions', [...actionsOf(updated), { name: 'New' }])).toEqual([
        `body.${list.length}.stage_id`,
      ])
    })

    it('deletes the results of a deleted action', async () => {
      const pipeline = await fresh('spin')
      const [dealId] = await dealsIn(pipeline, 'Problem', 1)
      const [dropped, ...rest] = actionsOf(pipeline)
      const result = await insertActionResult(
        app(),
        admin.organisationId,
        dealId ?? '',
        dropped?.action_id ?? '',
      )
      await putOk(pipeline, 'actions', rest)
      expect(
        await app().db.select().from(actionResults).where(eq(actionResults.id, result)),
      ).toEqual([])
    })

    it('answers 400 naming the entry for foreign, unknown or repeated ids', async () => {
      const pipeline = await fresh()
      const [first, second] = actionsOf(pipeline)
      if (!first || !second) throw new Error('actions')
      const foreignAction = foreign.actions[0]
      expect(
        await refused(pipeline, 'actions', [
          first,
          { ...second, stage_id: foreign.stages[0]?.stage_id ?? null },
          { ...second, action_id: foreignAction?.action_id },
          first,
        ]),
      ).toEqual(['body.1.stage_id', 'body.2.action_id', 'body.3.action_id'])
      expect(
        await refused(pipeline, 'actions', [
          { ...first, name: '' },
          { stage_id: 'x', name: 'y', description: 'd'.repeat(2001) },
        ]),
      ).toEqual(['body.0.name', 'body.1.description', 'body.1.stage_id'])
    })
  })

  describe('PUT stage-actions', () => {
    it('puts the listed actions in their stage in order; the others lose their stage', async () => {
      const pipeline = await fresh('challenger')
      const [research, reframe] = pipeline.stages
      if (!research || !reframe) throw new Error('stages')
      const inResearch = pipeline.actions.filter((a) => a.stage_id === research.stage_id)
      const inReframe = pipeline.actions.filter((a) => a.stage_id === reframe.stage_id)
      const moved = [...inReframe.map((a) => a.action_id).reverse(), inResearch[0]?.action_id]
      const listed = [
        { stage_id: reframe.stage_id, action_ids: moved },
        { stage_id: research.stage_id, action_ids: [] },
        ...pipeline.stages.slice(2).map((stage) => ({
          stage_id: stage.stage_id,
          action_ids: pipeline.actions
            .filter((a) => a.stage_id === stage.stage_id)
            .map((a) => a.action_id),
        })),
      ]
      const updated = await putOk(pipeline, 'stage-actions', listed)
      expect(
        updated.actions
          .filter((a) => a.stage_id === reframe.stage_id)
          .map((a) => [a.action_id, a.position]),
      ).toEqual(moved.map((id, position) => [id, position]))
      expect(updated.actions.filter((a) => a.stage_id === research.stage_id)).toEqual([])
      // The research action nobody listed is kept, without a stage.
      expect(updated.actions.filter((a) => a.stage_id === null)).toMatchObject([
        { action_id: inResearch[1]?.action_id, position: 0 },
      ])
      expect(updated.actions).toHaveLength(pipeline.actions.length)
    })

    it('answers 400 naming foreign, unknown or repeated stages and actions', async () => {
      const pipeline = await fresh()
      const [first, second] = pipeline.stages
      const [a, b] = pipeline.actions
      expect(
        await refused(pipeline, 'stage-actions', [
          { stage_id: first?.stage_id, action_ids: [a?.action_id, foreign.actions[0]?.action_id] },
          { stage_id: first?.stage_id, action_ids: [b?.action_id, a?.action_id] },
          { stage_id: foreign.stages[0]?.stage_id, action_ids: [] },
          { stage_id: second?.stage_id, action_ids: [randomUUID()] },
        ]),
      ).toEqual([
        'body.0.action_ids.1',
        'body.1.action_ids.1',
        'body.1.stage_id',
        'body.2.stage_id',
        'body.3.action_ids.0',
      ])
      expect(
        await refused(pipeline, 'stage-actions', [{ stage_id: 'nope', action_ids: ['x'] }]),
      ).toEqual(['body.0.action_ids.0', 'body.0.stage_id'])
    })
  })

  describe('PUT remote-stage-lookup', () => {
    it('sets and unlinks the CRM ids of the listed stages; the others keep theirs', async () => {
      const pipeline = await fresh('spin')
      const [a, b, c] = pipeline.stages
      if (!a || !b || !c) throw new Error('stages')
      const linked = await putOk(pipeline, 'remote-stage-lookup', [
        { stage_id: a.stage_id, remote_stage_id: ' appointmentscheduled ' },
        { stage_id: b.stage_id, remote_stage_id: 'qualifiedtobuy' },
      ])
      expect(linked.stages.map((stage) => stage.remote_stage_id)).toEqual([
        'appointmentscheduled',
        'qualifiedtobuy',
        null,
        null,
        null,
      ])
      // Moving an id from one stage to another in one request is fine.
      const swapped = await putOk(linked, 'remote-stage-lookup', [
        { stage_id: a.stage_id, remote_stage_id: null },
        { stage_id: c.stage_id, remote_stage_id: 'appointmentscheduled' },
      ])
      expect(swapped.stages.map((stage) => stage.remote_stage_id)).toEqual([
        null,
        'qualifiedtobuy',
        'appointmentscheduled',
        null,
        null,
      ])
      expect((await putOk(swapped, 'remote-stage-lookup', [])).stages).toEqual(swapped.stages)
    })

    it('answers 400 for a CRM id another stage has, and foreign or repeated stages', async () => {
      const pipeline = await putOk(await fresh(), 'remote-stage-lookup', [])
      const [a, b, c] = pipeline.stages
      const linked = await putOk(pipeline, 'remote-stage-lookup', [
        { stage_id: a?.stage_id, remote_stage_id: 'crm-a' },
      ])
      const taken = await put(linked, 'remote-stage-lookup', [
        { stage_id: b?.stage_id, remote_stage_id: 'crm-a' },
      ])
      expect(taken.statusCode).toBe(400)
      expect(taken.json<ErrorJson>().error.details).toEqual([
        {
          path: 'body.0.remote_stage_id',
          message: `is also the CRM id of stage "${a?.name}"`,
          code: 'remote_stage_id_taken',
        },
      ])
      expect(
        await refused(linked, 'remote-stage-lookup', [
          { stage_id: b?.stage_id, remote_stage_id: 'crm-x' },
          { stage_id: c?.stage_id, remote_stage_id: 'crm-x' },
          { stage_id: foreign.stages[0]?.stage_id, remote_stage_id: 'crm-y' },
          { stage_id: b?.stage_id, remote_stage_id: null },
        ]),
      ).toEqual([
        'body.0.remote_stage_id',
        'body.1.remote_stage_id',
        'body.2.stage_id',
        'body.3.stage_id',
      ])
      expect(
        await refused(linked, 'remote-stage-lookup', [
          { stage_id: a?.stage_id, remote_stage_id: '  ' },
          { stage_id: 'nope', remote_stage_id: 'x'.repeat(201) },
        ]),
      ).toEqual(['body.0.remote_stage_id', 'body.1.remote_stage_id', 'body.1.stage_id'])
    })
  })

  it("leaves the other organisation's pipeline untouched by every use of its ids", async () => {
    expect(await getPipeline(app(), otherAdmin, foreign.id)).toEqual(foreign)
  })
})
