import type { DealAnalysisBody } from '@dealcoach/contracts/analysis'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { analyseTranscript, createDeal, workspace } from './test-support/assessment-fixtures.js'
import { bearer, callAs, type SignedIn, signUp, uniqueEmail } from './test-support/auth-helpers.js'
import { multipart } from './test-support/multipart.js'
import {
  describeOperation,
  fillPath,
  type IdLookup,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
  operationsOf,
  sampleOf,
} from './test-support/openapi-operations.js'
import { createTestApp, type TestApp } from './test-support/test-app.js'

/**
 * DESIGN §7: tenant isolation proven over every endpoint. The operations come from the OpenAPI
 * document; organisation A owns one record of every kind a path can name, and organisation B's
 * admin calls each operation with A's ids: a 404 wherever a path names one of A's records, and
 * none of A's ids in any answer. Then A reads each record again, unchanged.
 */

/** Path parameters that name no organisation's record, with the value to send. */
const PUBLIC_PARAMS: Record<string, string> = {
  joinkey: 'no-such-join-key',
  lng: 'en',
  file: 'common.json',
}

/**
 * Bodies the document describes in prose only, keyed by path; any new such route shows up as a
 * 400 in the first test. None now: the uploads document theirs by media type (plugins/openapi.ts),
 * and their JSON body's sample is sent.
 */
const PROSE_BODIES: Record<string, object> = {}

/** A's records by the path segment that names their collection (`/v1/deals/{id}` → deals). */
type Records = Record<string, string>

/** The collection a path parameter belongs to: the segment before it. */
function collectionOf(path: string, param: string): string {
  const segments = path.split('/')
  const at = segments.indexOf(`{${param}}`)
  return segments[at - 1] ?? ''
}

function pathValues(operation: Operation, records: Records): Record<string, string> {
  return Object.fromEntries(
    operation.pathParams.map((param) => {
      const value = PUBLIC_PARAMS[param] ?? records[collectionOf(operation.path, param)]
      if (!value) {
        throw new Error(
          `${describeOperation(operation)}: no record of organisation A for {${param}} — add one to the fixture`,
        )
      }
      return [param, value]
    }),
  )
}

/** `stage_id`, `pipeline_id.eq`, `objection_type_id` … → A's record of that kind. */
function idsByName(records: Records): IdLookup {
  const byField: Record<string, string | undefined> = {
    pipeline: records.pipelines,
    stage: records.stages,
    deal: records.deals,
    owner: records.owner,
    objection_type: records.types,
    objection: records.objections,
    action: records.actions,
    engagement: records.engagements,
  }
  return (name) => {
    const field = name?.replace(/\.\w+$/, '').replace(/_ids?$/, '')
    return field === undefined ? undefined : byField[field]
  }
}

function present(value: string | undefined, kind: string): string {
  if (!value) throw new Error(`organisation A has no ${kind}`)
  return value
}

const isRecordOperation = (operation: Operation) =>
  operation.pathParams.some((param) => !(param in PUBLIC_PARAMS))

describe('tenant isolation over every operation of the OpenAPI document', () => {
  let test: TestApp
  let app: FastifyInstance
  let document: OpenApiDocument
  let operations: Operation[]
  let owner: SignedIn
  let outsider: SignedIn
  const records: Records = {}

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    document = await openApiDocument(app)
    operations = operationsOf(document)
    const space = await workspace(app)
    owner = space.admin
    outsider = await signUp(app)
    await recordOfEveryKind(space)
  }, 60_000)

  afterAll(() => test.close())

  /** One record of every kind organisation A can own, each through the public API. */
  async function recordOfEveryKind(space: Awaited<ReturnType<typeof workspace>>) {
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      callAs(app, owner, method, url, payload)
    const json = async <T>(response: Promise<LightMyRequestResponse>, status = 200) => {
      const answered = await response
      expect(answered.statusCode, answered.body).toBe(status)
      return answered.json<T>()
    }
    const dealId = await createDeal(app, space, 'Isolated Industries – renewal')
    Object.assign(records, {
      pipelines: space.pipelineId,
      stages: space.stageId,
      owner: owner.userId,
      deals: dealId,
      engagements: (await analyseTranscript(app, owner, dealId)).engagementId,
    })
    const analysis = await json<DealAnalysisBody>(call('GET', `/v1/deals/${dealId}/analysis`))
    const objectionId = present(analysis.objections[0]?.id, 'objection')
    records.objections = objectionId
    records.actions = present(analysis.action_results[0]?.action_id, 'action result')
    const types = await json<{ models: { id: string }[] }>(call('GET', '/v1/objections/types'))
    records.types = present(types.models[0]?.id, 'objection type')
    const feedback = await json<{ id: string }>(
      call('POST', `/v1/objections/${objectionId}/feedback`, {
        verdict: 'not_objection',
      }),
      201,
    )
    records.feedback = feedback.id
    await json(
      call('POST', '/v1/users/invitations', {
        email: uniqueEmail('invitee'),
        first_name: 'Ivy',
        last_name: 'Invitee',
      }),
      201,
    )
    const invitations = await json<{ models: { id: string }[] }>(
      call('GET', '/v1/users/invitations'),
    )
    records.invitations = present(invitations.models[0]?.id, 'invitation')
    const sessions = await json<{ models: { id: string }[] }>(call('GET', '/v1/users/me/sessions'))
    records.sessions = present(sessions.models[0]?.id, 'session')
    const csv = multipart(
      {
        name: 'deals.csv',
        content: 'Deal name,Stage,Amount\nIsolated deal,Discovery,100\n',
        type: 'text/csv',
      },
      { kind: 'deals', pipeline_id: space.pipelineId },
    )
    const uploaded = await app.inject({
      method: 'POST',
      url: '/v1/imports',
      payload: csv.payload,
      headers: { ...bearer(owner.accessToken), ...csv.headers },
    })
    expect(uploaded.statusCode, uploaded.body).toBe(202)
    records.imports = uploaded.json<{ id: string }>().id
    for (const [kind, id] of Object.entries(records)) expect(id, kind).toMatch(/^[0-9a-f-]{36}$/)
  }

  /** The operation's request with A's ids in the path, the query and a sample body. */
  function requestFor(operation: Operation) {
    const ids = idsByName(records)
    const query = new URLSearchParams()
    for (const { name } of operation.queryParams) {
      const id = ids(name)
      if (id) query.set(name, id)
    }
    const search = query.size > 0 ? `?${query}` : ''
    return {
      method: operation.method,
      url: fillPath(operation.path, pathValues(operation, records)) + search,
      payload: operation.body
        ? (sampleOf(document, operation.body, ids) as object)
        : PROSE_BODIES[operation.path],
    }
  }

  const callAsOutsider = (operation: Operation) => {
    const { method, url, payload } = requestFor(operation)
    return app.inject({
      method,
      url,
      headers: bearer(outsider.accessToken),
      ...(payload !== undefined && { payload }),
    })
  }

  it("answers 404 to every operation that names one of another organisation's records", async () => {
    const named = operations.filter(isRecordOperation)
    expect(named.length).toBeGreaterThan(30)
    const answers: string[] = []
    for (const operation of named) {
      const response = await callAsOutsider(operation)
      answers.push(`${describeOperation(operation)} → ${response.statusCode}`)
    }
    expect(answers.filter((answer) => !answer.endsWith('→ 404'))).toEqual([])
  })

  it("never answers with another organisation's records, whatever ids are asked for", async () => {
    const leaks: string[] = []
    for (const operation of operations.filter((o) => !isRecordOperation(o))) {
      if (operation.path.startsWith('/auth/')) continue
      const response = await callAsOutsider(operation)
      const found = Object.entries(records).filter(([, id]) => response.body.includes(id))
      if (found.length > 0 || response.body.includes('Isolated Industries')) {
        leaks.push(`${describeOperation(operation)} → ${found.map(([kind]) => kind).join(', ')}`)
      }
    }
    expect(leaks).toEqual([])
  })

  it('answers GraphQL with none of them either', async () => {
    const query = `{
      deal(id: "${records.deals}") { id name }
      deals(pipelineId: "${records.pipelines}") { total items { id name } }
      pipelines { id stages { id } }
    }`
    const response = await callAs(app, outsider, 'POST', '/graphql', { query })
    expect(response.statusCode, response.body).toBe(200)
    const { data } = response.json<{ data: { deal: unknown; deals: { total: number } } }>()
    expect(data.deal).toBeNull()
    expect(data.deals.total).toBe(0)
    for (const id of Object.values(records)) expect(response.body).not.toContain(id)
  })

  it("leaves every record readable by its own organisation after the other's calls", async () => {
    const reads = operations.filter((o) => o.method === 'GET' && isRecordOperation(o))
    const failures: string[] = []
    for (const operation of reads) {
      const { url } = requestFor(operation)
      const response = await callAs(app, owner, 'GET', url)
      if (response.statusCode !== 200) failures.push(`${url} → ${response.statusCode}`)
    }
    expect(failures).toEqual([])
  })
})
