import { randomUUID } from 'node:crypto'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { SALES_FRAMEWORK_KEYS } from '@dealcoach/contracts/sales-frameworks'
import { findSalesFramework } from '@dealcoach/playbooks/framework-templates'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pipelines } from '../../db/schema/pipelines.js'
import {
  bearer,
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import {
  createPipeline,
  type ErrorJson,
  getPipeline,
  insertDeals,
  pathsOf,
  stageIdOf,
} from '../../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

/** Creating, deleting and toggling pipelines, and who may write at all. */
describe('pipeline writes', () => {
  let testApp: TestApp
  const app = () => testApp.app
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  const send = (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    session?: SignedIn,
    payload?: unknown,
  ) => callAs(app(), session, method, url, payload)

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  describe('POST /v1/pipelines', () => {
    it('creates a blank, active pipeline by default, trimming its name', async () => {
      const created = await createPipeline(app(), adminA, { name: '  Partner deals  ' })
      expect(created).toMatchObject({
        name: 'Partner deals',
        active: true,
        remote_id: null,
        stages: [],
        actions: [],
      })
      expect(created.created_at).toBe(created.updated_at)
      expect(await getPipeline(app(), memberA, created.id)).toEqual(created)

      const inactive = await createPipeline(app(), adminA, { name: 'Later', active: false })
      expect(inactive.active).toBe(false)
    })

    it.each(SALES_FRAMEWORK_KEYS)(
      'creates the stages and actions of the %s framework',
      async (key) => {
        const template = findSalesFramework(key)
        const created = await createPipeline(app(), adminA, {
          name: template.pipeline_name,
          framework: key,
        })
        expect(created.name).toBe(template.pipeline_name)
        expect(created.stages.map((stage) => [stage.name, stage.position])).toEqual(
          template.stages.map((stage, position) => [stage.name, position]),
        )
        // Actions by stage, positioned within it, with the template's texts.
        expect(
          created.actions.map((action) => [
            created.stages.find((stage) => stage.stage_id === action.stage_id)?.name,
            action.position,
            action.name,
            action.description,
          ]),
        ).toEqual(
          template.stages.flatMap((stage) =>
            stage.actions.map((action, position) => [
              stage.name,
              position,
              action.name,
              action.description,
            ]),
          ),
        )
        expect(await getPipeline(app(), adminA, created.id)).toEqual(created)
      },
    )

    it('answers 400 with field paths for bad input', async () => {
      const bad = await send('POST', '/v1/pipelines', adminA, {
        name: '   ',
        framework: 'six-sigma',
        active: 'yes',
      })
      expect(bad.statusCode).toBe(400)
      expect(bad.json<ErrorJson>().error.code).toBe('validation_failed')
      expect(pathsOf(bad.body)).toEqual(['body.active', 'body.framework', 'body.name'])

      const missing = await send('POST', '/v1/pipelines', adminA, {})
      expect(missing.statusCode).toBe(400)
      expect(pathsOf(missing.body)).toEqual(['body.name'])

      const tooLong = await send('POST', '/v1/pipelines', adminA, { name: 'x'.repeat(201) })
      expect(tooLong.statusCode).toBe(400)
      expect(pathsOf(tooLong.body)).toEqual(['body.name'])
    })

    it('refuses members (403) and anonymous callers (401), creating nothing', async () => {
      const before = await app()
        .db.select({ id: pipelines.id })
        .from(pipelines)
        .where(eq(pipelines.organisationId, adminA.organisationId))
      const member = await send('POST', '/v1/pipelines', memberA, { name: 'Sneaky' })
      expect(member.statusCode).toBe(403)
      expect(member.json<ErrorJson>().error.code).toBe('forbidden')
      const anonymous = await send('POST', '/v1/pipelines', undefined, { name: 'Sneaky' })
      expect(anonymous.statusCode).toBe(401)
      const after = await app()
        .db.select({ id: pipelines.id })
        .from(pipelines)
        .where(eq(pipelines.organisationId, adminA.organisationId))
      expect(after).toHaveLength(before.length)
    })

    it('checks who is calling before the body: no validation details for those who may not write', async () => {
      const member = await send('POST', '/v1/pipelines', memberA, { name: '' })
      expect(member.statusCode).toBe(403)
      const anonymous = await send('POST', '/v1/pipelines', undefined, { name: '' })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('pipeline names', () => {
    it('refuses a second pipeline with the same name, trimmed and in any case', async () => {
      const first = await createPipeline(app(), adminA, { name: 'Renewals' })
      const again = await send('POST', '/v1/pipelines', adminA, { name: '  RENEWALS ' })
      expect(again.statusCode).toBe(409)
      expect(again.json<ErrorJson>().error).toEqual({
        code: 'pipeline_name_taken',
        message: 'Your organisation already has a pipeline named "RENEWALS".',
        details: [{ path: 'body.name', message: 'is already used by another pipeline' }],
      })
      // Another organisation may use the name.
      expect((await send('POST', '/v1/pipelines', adminB, { name: 'Renewals' })).statusCode).toBe(
        201,
      )
      expect((await getPipeline(app(), adminA, first.id)).name).toBe('Renewals')
    })

    it('renames a pipeline (PATCH), keeping its stages, and refuses a taken name', async () => {
      const pipeline = await createPipeline(app(), adminA, {
        name: 'Upsell',
        framework: 'bant',
      })
      await createPipeline(app(), adminA, { name: 'Expansion' })
      const renamed = await send('PATCH', `/v1/pipelines/${pipeline.id}`, adminA, {
        name: ' Upsell and cross-sell ',
      })
      expect(renamed.statusCode).toBe(200)
      expect(renamed.json<Pipeline>()).toMatchObject({
        id: pipeline.id,
        name: 'Upsell and cross-sell',
        stages: pipeline.stages,
      })
      // Its own name in another case is not a clash.
      const recased = await send('PATCH', `/v1/pipelines/${pipeline.id}`, adminA, {
        name: 'UPSELL AND CROSS-SELL',
      })
      expect(recased.statusCode).toBe(200)

      const taken = await send('PATCH', `/v1/pipelines/${pipeline.id}`, adminA, {
        name: 'expansion',
      })
      expect(taken.statusCode).toBe(409)
      expect(pathsOf(taken.body)).toEqual(['body.name'])
      const blank = await send('PATCH', `/v1/pipelines/${pipeline.id}`, adminA, { name: '  ' })
      expect(blank.statusCode).toBe(400)
      expect(pathsOf(blank.body)).toEqual(['body.name'])
    })

    it('lets only admins of the organisation rename', async () => {
      const pipeline = await createPipeline(app(), adminA, { name: 'Channel' })
      const url = `/v1/pipelines/${pipeline.id}`
      expect((await send('PATCH', url, memberA, { name: 'Mine' })).statusCode).toBe(403)
      expect((await send('PATCH', url, adminB, { name: 'Mine' })).statusCode).toBe(404)
      expect((await send('PATCH', url, undefined, { name: 'Mine' })).statusCode).toBe(401)
      expect((await getPipeline(app(), adminA, pipeline.id)).name).toBe('Channel')
    })
  })

  describe('DELETE /v1/pipelines/{id}', () => {
    it('deletes a pipeline without deals, with its stages and actions', async () => {
      const pipeline = await createPipeline(app(), adminA, { name: 'Scratch', framework: 'bant' })
      const response = await send('DELETE', `/v1/pipelines/${pipeline.id}`, adminA)
      expect(response.statusCode).toBe(204)
      expect(response.body).toBe('')
      const gone = await app().inject({
        method: 'GET',
        url: `/v1/pipelines/${pipeline.id}`,
        headers: bearer(adminA.accessToken),
      })
      expect(gone.statusCode).toBe(404)
      expect((await send('DELETE', `/v1/pipelines/${pipeline.id}`, adminA)).statusCode).toBe(404)
    })

    it('refuses (409) to delete a pipeline that has deals, naming it and how many', async () => {
      const pipeline = await createPipeline(app(), adminA, { name: 'Busy', framework: 'spin' })
      const stageId = stageIdOf(pipeline, 'Problem')
      await insertDeals(
        app(),
        { organisationId: adminA.organisationId, pipelineId: pipeline.id, stageId },
        2,
      )
      const response = await send('DELETE', `/v1/pipelines/${pipeline.id}`, adminA)
      expect(response.statusCode).toBe(409)
      const { error } = response.json<ErrorJson>()
      expect(error.code).toBe('pipeline_has_deals')
      expect(error.message).toBe(
        'Pipeline "Busy" still has 2 deals. Deactivate it instead: that hides it and keeps its deals.',
      )
      expect(error.details).toEqual([
        {
          path: 'params.id',
          message: 'Pipeline "Busy" still has 2 deals',
          code: 'pipeline_has_deals',
          params: { pipeline_name: 'Busy', deal_count: 2 },
        },
      ])
      expect(await getPipeline(app(), adminA, pipeline.id)).toEqual(pipeline)
    })
  })

  describe('PUT /v1/pipelines/{id}/toggle', () => {
    it('flips active each time, answering the pipeline and bumping updated_at', async () => {
      const pipeline = await createPipeline(app(), adminA, { name: 'Toggled' })
      const first = await send('PUT', `/v1/pipelines/${pipeline.id}/toggle`, adminA)
      expect(first.statusCode, first.body).toBe(200)
      const off = first.json<Pipeline>()
      expect(off).toMatchObject({ id: pipeline.id, active: false })
      expect(off.updated_at > pipeline.updated_at).toBe(true)

      const second = await send('PUT', `/v1/pipelines/${pipeline.id}/toggle`, adminA)
      expect(second.statusCode).toBe(200)
      expect(second.json<Pipeline>().active).toBe(true)
      expect((await getPipeline(app(), memberA, pipeline.id)).active).toBe(true)
    })
  })

  describe('every write', () => {
    let pipelineA: Pipeline
    let pipelineB: Pipeline
    /** Each write with a body that would be valid for the pipeline. */
    const writes = (pipeline: Pipeline) => {
      const stageId = pipeline.stages[0]?.stage_id ?? ''
      return [
        { method: 'DELETE' as const, url: `/v1/pipelines/${pipeline.id}` },
        { method: 'PUT' as const, url: `/v1/pipelines/${pipeline.id}/toggle` },
        {
          method: 'PUT' as const,
          url: `/v1/pipelines/${pipeline.id}/stages`,
          payload: [{ stage_id: stageId, name: 'Renamed' }],
        },
        {
          method: 'PUT' as const,
          url: `/v1/pipelines/${pipeline.id}/actions`,
          payload: [{ stage_id: stageId, name: 'Call' }],
        },
        {
          method: 'PUT' as const,
          url: `/v1/pipelines/${pipeline.id}/stage-actions`,
          payload: [{ stage_id: stageId, action_ids: [] }],
        },
        {
          method: 'PUT' as const,
          url: `/v1/pipelines/${pipeline.id}/remote-stage-lookup`,
          payload: [{ stage_id: stageId, remote_stage_id: 'crm-1' }],
        },
      ]
    }

    beforeAll(async () => {
      pipelineA = await createPipeline(app(), adminA, { name: 'Guarded', framework: 'meddic' })
      pipelineB = await createPipeline(app(), adminB, { name: 'Theirs', framework: 'sandler' })
    })

    it('is refused to members (403) and anonymous callers (401), changing nothing', async () => {
      for (const { method, url, payload } of writes(pipelineA)) {
        const member = await send(method, url, memberA, payload)
        expect(member.statusCode, `${method} ${url}`).toBe(403)
        expect(member.json<ErrorJson>().error.code).toBe('forbidden')
        const anonymous = await send(method, url, undefined, payload)
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401)
        expect(anonymous.json<ErrorJson>().error.code).toBe('unauthorized')
      }
      expect(await getPipeline(app(), adminA, pipelineA.id)).toEqual(pipelineA)
    })

    it("answers 404 for another organisation's pipeline and an unknown one", async () => {
      const unknown = { ...pipelineB, id: randomUUID() }
      for (const target of [pipelineB, unknown]) {
        for (const { method, url, payload } of writes(target)) {
          const response = await send(method, url, adminA, payload)
          expect(response.statusCode, `${method} ${url}`).toBe(404)
          expect(response.json<ErrorJson>().error).toEqual({
            code: 'not_found',
            message: 'Pipeline not found',
          })
        }
      }
      expect(await getPipeline(app(), adminB, pipelineB.id)).toEqual(pipelineB)
    })

    it('answers 400 naming params.id for a malformed id', async () => {
      for (const { method, url, payload } of writes({ ...pipelineA, id: 'not-a-uuid' })) {
        const response = await send(method, url, adminA, payload)
        expect(response.statusCode, `${method} ${url}`).toBe(400)
        expect(pathsOf(response.body)).toEqual(['params.id'])
      }
    })
  })

  it('documents the writes in the OpenAPI document', async () => {
    const response = await app().inject({ method: 'GET', url: '/openapi.json' })
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>()
    expect(Object.keys(paths['/v1/pipelines'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(Object.keys(paths['/v1/pipelines/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ])
    for (const write of ['stages', 'actions', 'stage-actions', 'remote-stage-lookup', 'toggle']) {
      expect(Object.keys(paths[`/v1/pipelines/{id}/${write}`] ?? {}), write).toEqual(['put'])
    }
  })
})
