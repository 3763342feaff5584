import { randomUUID } from 'node:crypto'
import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'
import { SALES_FRAMEWORK_KEYS } from '@dealcoach/contracts/sales-frameworks'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { findSalesFramework } from '@dealcoach/playbooks/framework-templates'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { objections } from '../../db/schema/analysis.js'
import { deals } from '../../db/schema/deals.js'
import { engagements } from '../../db/schema/engagements.js'
import { objectionTypes } from '../../db/schema/objection-types.js'
import { pipelines, stages } from '../../db/schema/pipelines.js'
import {
  callAs,
  inviteMember,
  type SignedIn,
  signUp,
  uniqueEmail,
} from '../../test-support/auth-helpers.js'
import { createTestApp, type TestApp } from '../../test-support/test-app.js'

type ErrorJson = { error: { code: string; message: string; details?: { path: string }[] } }
interface TypeJson {
  id: string
  organisation: string
  name: string
  description: string
  examples: string[]
  active: boolean
  deleted: boolean
  source: string
  approved: boolean
  approved_by: string | null
  created_at: string
  updated_at: string
}
interface Pagination {
  page: number
  page_size: number
  total: number
}
interface ListJson {
  models: TypeJson[]
  pagination: Pagination
}
interface ObjectionJson {
  id: string
  objection_type_id: string
  deal_id: string
  deal_name: string
  engagement_id: string
  text: string
  speaker: string | null
  handled: boolean
  handling_score: number
  response: string | null
  occurred_at: string
}
interface ObjectionsJson {
  models: ObjectionJson[]
  pagination: Pagination
}

const URL = '/v1/objections/types'
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/
/** Lets the clock move past the millisecond a row was written in, so updated_at can be compared. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))

describe('objection types', () => {
  let testApp: TestApp
  const app = () => testApp.app
  /** Organisation A: an admin and an invited member. Organisation B: one admin. */
  let adminA: SignedIn
  let memberA: SignedIn
  let adminB: SignedIn

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
  const call = (method: Method, url: string, session?: SignedIn, payload?: unknown) =>
    callAs(app(), session, method, url, payload)
  const list = async (session: SignedIn, query = '') => {
    const response = await call('GET', `${URL}${query}`, session)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ListJson>()
  }
  const create = async (session: SignedIn, body: Record<string, unknown>) => {
    const response = await call('POST', URL, session, { id: randomUUID(), ...body })
    expect(response.statusCode, response.body).toBe(201)
    return response.json<TypeJson>()
  }
  const errorOf = (body: string) => (JSON.parse(body) as ErrorJson).error
  const pathsOf = (body: string) =>
    errorOf(body)
      .details?.map((d) => d.path)
      .sort()
  const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
    a.name.toLowerCase() < b.name.toLowerCase()
      ? -1
      : a.name.toLowerCase() > b.name.toLowerCase()
        ? 1
        : a.id < b.id
          ? -1
          : 1

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    adminA = await signUp(app(), { email: uniqueEmail('alice', 'alpha.example') })
    adminB = await signUp(app(), { email: uniqueEmail('bob', 'beta.example') })
    memberA = await inviteMember(app(), adminA)
  })
  afterAll(() => testApp.close())

  it('answers 401 without a token', async () => {
    const id = randomUUID()
    for (const [method, url] of [
      ['GET', URL],
      ['POST', URL],
      ['POST', `${URL}/from-framework`],
      ['GET', `${URL}/${id}`],
      ['PUT', `${URL}/${id}`],
      ['DELETE', `${URL}/${id}`],
      ['PUT', `${URL}/${id}/approval`],
      ['GET', `${URL}/${id}/objections`],
    ] as const) {
      const payload =
        method === 'POST' && url === URL
          ? { id, name: 'x' }
          : url.endsWith('approval')
            ? { approved: true }
            : url.endsWith('from-framework')
              ? { framework: 'bant' }
              : method === 'PUT'
                ? {}
                : undefined
      const response = await call(method, url, undefined, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(401)
      expect(errorOf(response.body).code).toBe('unauthorized')
    }
  })

  it('lists a new organisation’s nine seeded types by name, 30 to a page', async () => {
    const body = await list(adminB)
    expect(body.pagination).toEqual({ page: 1, page_size: 30, total: 9 })
    expect(body.models.map((t) => t.name)).toEqual(
      DEFAULT_OBJECTION_TYPES.map((t) => t.name).sort((a, b) =>
        a.toLowerCase().localeCompare(b.toLowerCase()),
      ),
    )
    const price = body.models.find((t) => t.name === 'Price / budget')
    const seed = DEFAULT_OBJECTION_TYPES.find((t) => t.name === 'Price / budget')
    expect(price).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      organisation: adminB.organisationId,
      name: 'Price / budget',
      description: seed?.description,
      examples: seed?.examples,
      active: true,
      deleted: false,
      source: 'system',
      approved: true,
      approved_by: null,
      created_at: expect.stringMatching(ISO) as string,
      updated_at: expect.stringMatching(ISO) as string,
    })
    // Each organisation sees only its own.
    const other = await list(adminA)
    expect(other.models.every((t) => t.organisation === adminA.organisationId)).toBe(true)
    expect(other.models.some((t) => body.models.some((mine) => mine.id === t.id))).toBe(false)
  })

  it('creates a type with the client’s id: source user, not approved, examples cleaned', async () => {
    const id = randomUUID()
    const response = await call('POST', URL, adminA, {
      id,
      name: '  Legal review  ',
      description: ' Needs the lawyers ',
      examples: ['  Legal has to see this first. ', '', '   ', 'Send it to our counsel.'],
      active: false,
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<TypeJson>()
    expect(created).toEqual({
      id,
      organisation: adminA.organisationId,
      name: 'Legal review',
      description: 'Needs the lawyers',
      examples: ['Legal has to see this first.', 'Send it to our counsel.'],
      active: false,
      deleted: false,
      source: 'user',
      approved: false,
      approved_by: null,
      created_at: expect.stringMatching(ISO) as string,
      updated_at: expect.stringMatching(ISO) as string,
    })

    // Admins and members read it back the same.
    for (const session of [adminA, memberA]) {
      const one = await call('GET', `${URL}/${id}`, session)
      expect(one.statusCode).toBe(200)
      expect(one.json()).toEqual(created)
    }
    expect((await list(memberA)).models.some((t) => t.id === id)).toBe(true)

    // Only a name is needed.
    const minimal = await create(adminA, { name: 'Minimal' })
    expect(minimal).toMatchObject({ description: '', examples: [], active: true })
  })

  it('answers a create sent again with the same id and fields as the first was answered', async () => {
    const body = {
      id: randomUUID(),
      name: ' Board sign-off ',
      description: 'The board decides',
      examples: ['The board meets in May.', ' '],
    }
    const first = await call('POST', URL, adminA, body)
    expect(first.statusCode, first.body).toBe(201)
    const [row] = await app().db.select().from(objectionTypes).where(eq(objectionTypes.id, body.id))
    await tick()
    // The body as sent (untrimmed, blank example) and as cleaned both repeat the first create.
    for (const resent of [body, { ...first.json<TypeJson>(), organisation: undefined }]) {
      const again = await call('POST', URL, adminA, resent)
      expect(again.statusCode, again.body).toBe(201)
      expect(again.json()).toEqual(first.json())
    }
    const [after] = await app()
      .db.select()
      .from(objectionTypes)
      .where(eq(objectionTypes.id, body.id))
    expect(after).toEqual(row)
    expect((await list(adminA, '?search=Board sign-off')).models).toHaveLength(1)
  })

  it('refuses a reused id (409 in the organisation, 404 as for any record of another) and a name the organisation already uses', async () => {
    const existing = await create(adminA, { name: 'Reorg pending' })

    const again = await call('POST', URL, adminA, {
      id: existing.id,
      name: 'Something else',
      active: false,
    })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again.body)).toEqual({
      code: 'objection_type_exists',
      message: `An objection type with the id ${existing.id} already exists with another name, active: send a new id to create one, or change it with PUT /v1/objections/types/${existing.id}.`,
      details: [
        { path: 'body.name', message: 'differs from the objection type that has this id' },
        { path: 'body.active', message: 'differs from the objection type that has this id' },
      ],
    })
    // Another organisation's id reveals nothing: the same answer as reading it, even with the
    // very fields of its create.
    for (const payload of [
      { id: existing.id, name: 'Reorg pending' },
      { id: existing.id, name: 'Something else' },
    ]) {
      const elsewhere = await call('POST', URL, adminB, payload)
      expect(elsewhere.statusCode).toBe(404)
      const read = await call('GET', `${URL}/${existing.id}`, adminB)
      expect(read.statusCode).toBe(404)
      expect(errorOf(elsewhere.body)).toEqual(errorOf(read.body))
      expect(errorOf(elsewhere.body).code).toBe('not_found')
    }
    // A seeded type's id was never the client's: the same fields do not make a create of it.
    const seeded = (await list(adminA)).models.find((type) => type.source === 'system')
    if (!seeded) throw new Error('no seeded type')
    const { id, name, description, examples, active } = seeded
    const copy = await call('POST', URL, adminA, { id, name, description, examples, active })
    expect(copy.statusCode).toBe(409)
    expect(errorOf(copy.body)).toMatchObject({
      code: 'objection_type_exists',
      details: [{ path: 'body.id' }],
    })

    const sameName = await call('POST', URL, adminA, { id: randomUUID(), name: ' REORG PENDING ' })
    expect(sameName.statusCode).toBe(409)
    expect(errorOf(sameName.body)).toMatchObject({
      code: 'objection_type_name_taken',
      details: [{ path: 'body.name' }],
    })
    // Names are unique per organisation only.
    await create(adminB, { name: 'Reorg pending' })

    // A deleted type frees its name, not its id: its create sent again is a 409.
    expect((await call('DELETE', `${URL}/${existing.id}`, adminA)).statusCode).toBe(204)
    const revived = await call('POST', URL, adminA, { id: existing.id, name: 'Reorg pending' })
    expect(revived.statusCode).toBe(409)
    expect(errorOf(revived.body)).toMatchObject({
      code: 'objection_type_exists',
      details: [{ path: 'body.id', message: 'names an objection type that was deleted' }],
    })
    await create(adminA, { name: 'reorg pending' })
  })

  it('answers 400 with the field paths for bad input on create', async () => {
    const id = randomUUID()
    const cases: [unknown, string[]][] = [
      [{ name: 'No id' }, ['body.id']],
      [{ id: 'not-a-uuid', name: 'Bad id' }, ['body.id']],
      [{ id }, ['body.name']],
      [{ id, name: '   ' }, ['body.name']],
      [{ id, name: 'x'.repeat(OBJECTION_TYPE_LIMITS.name + 1) }, ['body.name']],
      [
        { id, name: 'Long', description: 'x'.repeat(OBJECTION_TYPE_LIMITS.description + 1) },
        ['body.description'],
      ],
      [
        {
          id,
          name: 'Long example',
          examples: ['ok', 'x'.repeat(OBJECTION_TYPE_LIMITS.example + 1)],
        },
        ['body.examples.1'],
      ],
      [
        {
          id,
          name: 'Many',
          examples: Array.from({ length: OBJECTION_TYPE_LIMITS.examples + 1 }, (_, i) => `e${i}`),
        },
        ['body.examples'],
      ],
      [{ id, name: 'Typed', examples: 'one' }, ['body.examples']],
      [{ id, name: 'Active', active: 'yes' }, ['body.active']],
      [{ id: 7, name: 3 }, ['body.id', 'body.name']],
    ]
    for (const [payload, paths] of cases) {
      const response = await call('POST', URL, adminA, payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(errorOf(response.body).code).toBe('validation_failed')
      expect(pathsOf(response.body), JSON.stringify(payload)).toEqual(paths)
    }
    // Nothing was stored.
    expect((await call('GET', `${URL}/${id}`, adminA)).statusCode).toBe(404)
  })

  it('refuses every write to a member and lets them read', async () => {
    const type = await create(adminA, { name: 'Member visible' })
    const writes: [Method, string, unknown][] = [
      ['POST', URL, { id: randomUUID(), name: 'By a member' }],
      ['PUT', `${URL}/${type.id}`, { name: 'Renamed by a member' }],
      ['DELETE', `${URL}/${type.id}`, undefined],
      ['PUT', `${URL}/${type.id}/approval`, { approved: true }],
      ['POST', `${URL}/from-framework`, { framework: 'bant' }],
    ]
    for (const [method, url, payload] of writes) {
      const response = await call(method, url, memberA, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(403)
      expect(errorOf(response.body).code).toBe('forbidden')
    }
    const unchanged = await call('GET', `${URL}/${type.id}`, memberA)
    expect(unchanged.statusCode).toBe(200)
    expect(unchanged.json()).toEqual(type)
    expect((await call('GET', `${URL}/${type.id}/objections`, memberA)).statusCode).toBe(200)
  })

  it('answers 404 for another organisation’s type or an unknown id on every /{id} route', async () => {
    const theirs = await create(adminB, { name: 'Only for B' })
    for (const id of [theirs.id, randomUUID()]) {
      const calls: [Method, string, unknown][] = [
        ['GET', `${URL}/${id}`, undefined],
        ['PUT', `${URL}/${id}`, { name: 'Hijacked', active: false }],
        ['DELETE', `${URL}/${id}`, undefined],
        ['PUT', `${URL}/${id}/approval`, { approved: true }],
        ['GET', `${URL}/${id}/objections`, undefined],
      ]
      for (const [method, url, payload] of calls) {
        const response = await call(method, url, adminA, payload)
        expect(response.statusCode, `${method} ${url}`).toBe(404)
        expect(errorOf(response.body).code).toBe('not_found')
      }
    }
    const untouched = await call('GET', `${URL}/${theirs.id}`, adminB)
    expect(untouched.json()).toEqual(theirs)
  })

  it('answers 400 for an id that is not a UUID', async () => {
    for (const [method, url] of [
      ['GET', `${URL}/nope`],
      ['PUT', `${URL}/nope`],
      ['DELETE', `${URL}/nope`],
      ['PUT', `${URL}/nope/approval`],
      ['GET', `${URL}/nope/objections`],
    ] as const) {
      const payload = url.endsWith('approval')
        ? { approved: true }
        : method === 'PUT'
          ? {}
          : undefined
      const response = await call(method, url, adminA, payload)
      expect(response.statusCode, `${method} ${url}`).toBe(400)
      expect(pathsOf(response.body)).toEqual(['params.id'])
    }
  })

  it('pages the list by name then id, 30 to a page unless told', async () => {
    const admin = await signUp(app())
    // Same names in different cases sort together, ties broken by id.
    for (let i = 0; i < 25; i += 1) {
      await create(admin, { name: `${i % 2 ? 'extra' : 'Extra'} ${String(i).padStart(2, '0')}` })
    }
    await create(admin, { name: 'aaa twin', description: 'one' })
    await create(admin, { name: 'AAA TWIN b', description: 'two' })

    const first = await list(admin)
    expect(first.pagination).toEqual({ page: 1, page_size: 30, total: 36 })
    expect(first.models).toHaveLength(30)
    const second = await list(admin, '?page=2')
    expect(second.pagination).toEqual({ page: 2, page_size: 30, total: 36 })
    expect(second.models).toHaveLength(6)
    const all = [...first.models, ...second.models]
    expect(new Set(all.map((t) => t.id)).size).toBe(36)
    expect(all).toEqual([...all].sort(byName))
    expect(all[0]?.name).toBe('aaa twin')

    const small = await list(admin, '?page=4&page_size=10')
    expect(small.pagination).toEqual({ page: 4, page_size: 10, total: 36 })
    expect(small.models).toEqual(all.slice(30, 36))
    const beyond = await list(admin, '?page=9&page_size=10')
    expect(beyond).toEqual({ models: [], pagination: { page: 9, page_size: 10, total: 36 } })

    for (const [query, path] of [
      ['?page=0', 'querystring.page'],
      ['?page=abc', 'querystring.page'],
      ['?page_size=0', 'querystring.page_size'],
      ['?page_size=1001', 'querystring.page_size'],
      [`?search=${'x'.repeat(201)}`, 'querystring.search'],
    ] as const) {
      const response = await call('GET', `${URL}${query}`, admin)
      expect(response.statusCode, query).toBe(400)
      expect(pathsOf(response.body)).toEqual([path])
    }
  })

  it('searches names and descriptions case-insensitively, wildcards taken literally', async () => {
    const admin = await signUp(app())
    const percent = await create(admin, { name: '100% fit', description: 'Whole fit' })
    const underscore = await create(admin, { name: 'snake_case', description: 'Style' })
    const described = await create(admin, { name: 'Plain', description: 'Mentions SNAKES here' })

    const names = async (search: string) =>
      (await list(admin, `?search=${encodeURIComponent(search)}`)).models.map((t) => t.id)

    expect(await names('%')).toEqual([percent.id])
    expect(await names('_')).toEqual([underscore.id])
    expect(await names('0% F')).toEqual([percent.id])
    expect((await names('snake')).sort()).toEqual([described.id, underscore.id].sort())
    expect(await names('WHOLE')).toEqual([percent.id])
    expect(await names('\\')).toEqual([])
    // Seeded types match too, and total counts the matches only.
    const budget = await list(admin, '?search=budget&page_size=1')
    expect(budget.pagination.total).toBe(1)
    expect(budget.models[0]?.name).toBe('Price / budget')
    // A blank search lists everything.
    expect((await list(admin, '?search=%20%20')).pagination.total).toBe(12)
  })

  it('applies only non-empty fields on update and bumps updated_at', async () => {
    const type = await create(adminA, {
      name: 'Update me',
      description: 'Original description',
      examples: ['First example'],
    })
    const put = (body: unknown) => call('PUT', `${URL}/${type.id}`, adminA, body)
    await tick()
    const blank = await put({ name: '   ', description: '', examples: ['  ', ''] })
    expect(blank.statusCode, blank.body).toBe(200)
    const kept = blank.json<TypeJson>()
    expect(kept).toMatchObject({
      name: 'Update me',
      description: 'Original description',
      examples: ['First example'],
      active: true,
    })
    expect(kept.updated_at > type.updated_at).toBe(true)
    expect(kept.created_at).toBe(type.created_at)

    const emptyList = await put({ examples: [] })
    expect(emptyList.json<TypeJson>().examples).toEqual(['First example'])

    const deactivated = await put({ active: false })
    expect(deactivated.json<TypeJson>()).toMatchObject({ name: 'Update me', active: false })

    const changed = await put({
      name: ' Updated ',
      description: 'New description',
      examples: [' a ', '', 'b'],
      active: true,
    })
    expect(changed.statusCode).toBe(200)
    const updated = changed.json<TypeJson>()
    expect(updated).toMatchObject({
      id: type.id,
      name: 'Updated',
      description: 'New description',
      examples: ['a', 'b'],
      active: true,
      source: 'user',
      approved: false,
    })
    expect((await call('GET', `${URL}/${type.id}`, memberA)).json()).toEqual(updated)

    // Its own name in another case is no clash; another type's name is.
    expect((await put({ name: 'UPDATED' })).json<TypeJson>().name).toBe('UPDATED')
    const clash = await put({ name: 'price / BUDGET' })
    expect(clash.statusCode).toBe(409)
    expect(errorOf(clash.body).code).toBe('objection_type_name_taken')

    for (const [payload, paths] of [
      [{ active: 'yes' }, ['body.active']],
      [{ active: null }, ['body.active']],
      [{ name: 'x'.repeat(OBJECTION_TYPE_LIMITS.name + 1) }, ['body.name']],
      [{ description: 'x'.repeat(OBJECTION_TYPE_LIMITS.description + 1) }, ['body.description']],
      [
        { examples: Array.from({ length: OBJECTION_TYPE_LIMITS.examples + 1 }, () => 'e') },
        ['body.examples'],
      ],
      [{ examples: [3] }, ['body.examples.0']],
    ] as const) {
      const response = await put(payload)
      expect(response.statusCode, JSON.stringify(payload)).toBe(400)
      expect(pathsOf(response.body)).toEqual(paths)
    }
    expect((await call('GET', `${URL}/${type.id}`, adminA)).json<TypeJson>().name).toBe('UPDATED')
  })

  it('soft-deletes: the type is gone from the API but its row stays', async () => {
    const type = await create(adminA, { name: 'Delete me' })
    const before = (await list(adminA)).pagination.total
    await tick()
    const removed = await call('DELETE', `${URL}/${type.id}`, adminA)
    expect(removed.statusCode).toBe(204)
    expect(removed.body).toBe('')

    expect((await list(adminA)).pagination.total).toBe(before - 1)
    expect((await list(adminA, '?search=Delete%20me')).models).toEqual([])
    for (const [method, url, payload] of [
      ['GET', `${URL}/${type.id}`, undefined],
      ['PUT', `${URL}/${type.id}`, { active: true }],
      ['DELETE', `${URL}/${type.id}`, undefined],
      ['PUT', `${URL}/${type.id}/approval`, { approved: true }],
      ['GET', `${URL}/${type.id}/objections`, undefined],
    ] as const) {
      expect((await call(method, url, adminA, payload)).statusCode, `${method} ${url}`).toBe(404)
    }
    const [row] = await app().db.select().from(objectionTypes).where(eq(objectionTypes.id, type.id))
    expect(row).toMatchObject({ deleted: true, active: false, name: 'Delete me' })
    expect((row?.updatedAt.toISOString() ?? '') > type.updated_at).toBe(true)
  })

  it('records who approved a type and clears it when the approval is withdrawn', async () => {
    const type = await create(adminA, { name: 'Approve me' })
    const approval = (body: unknown) => call('PUT', `${URL}/${type.id}/approval`, adminA, body)

    const approved = await approval({ approved: true })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json<TypeJson>()).toMatchObject({
      id: type.id,
      name: 'Approve me',
      approved: true,
      approved_by: adminA.userId,
    })
    expect((await call('GET', `${URL}/${type.id}`, memberA)).json()).toMatchObject({
      approved: true,
      approved_by: adminA.userId,
    })

    const withdrawn = await approval({ approved: false })
    expect(withdrawn.json<TypeJson>()).toMatchObject({ approved: false, approved_by: null })

    for (const payload of [{}, { approved: 'true' }, { approved: null }]) {
      const response = await approval(payload)
      expect(response.statusCode).toBe(400)
      expect(pathsOf(response.body)).toEqual(['body.approved'])
    }
  })

  it('adds a framework’s new types once, merging alike ones into the types the organisation has', async () => {
    const admin = await signUp(app())
    const template = findSalesFramework('meddpicc').objection_types
    const templateType = (name: string) => {
      const type = template.find((candidate) => candidate.name === name)
      if (!type) throw new Error(`MEDDPICC has no "${name}"`)
      return type
    }
    const defaultType = (name: string) => {
      const type = DEFAULT_OBJECTION_TYPES.find((candidate) => candidate.name === name)
      if (!type) throw new Error(`no default type "${name}"`)
      return type
    }
    // One of the framework's names already exists in another case, with no examples yet.
    const existing = await create(admin, { name: 'VALUE NOT QUANTIFIED' })

    const first = await call('POST', `${URL}/from-framework`, admin, { framework: 'meddpicc' })
    expect(first.statusCode, first.body).toBe(201)
    const { models: created, merged } = first.json<{ models: TypeJson[]; merged: TypeJson[] }>()
    const fresh = ['No access to the economic buyer', 'Paper process delays', 'Weak champion']
    expect(created.map((t) => [t.name, t.description, t.examples])).toEqual(
      fresh.map((name) => {
        const type = templateType(name)
        return [type.name, type.description, type.examples]
      }),
    )
    for (const type of created) {
      expect(type).toMatchObject({
        organisation: admin.organisationId,
        active: true,
        deleted: false,
        source: 'framework',
        approved: false,
        approved_by: null,
      })
      expect((await call('GET', `${URL}/${type.id}`, admin)).statusCode).toBe(200)
    }
    // Alike types keep their name and description and take the framework's examples.
    const mergedInto = (name: string, from: string) => [
      name,
      [...defaultType(name).examples, ...templateType(from).examples],
    ]
    expect(merged.map((t) => [t.name, t.examples]).sort()).toEqual(
      [
        ['VALUE NOT QUANTIFIED', templateType('Value not quantified').examples],
        mergedInto('Competitor / status quo', 'Competitor preferred'),
        mergedInto('Authority / decision process', 'Unclear decision process'),
      ].sort(),
    )
    expect(merged.find((t) => t.id === existing.id)?.source).toBe('user')
    const total = (await list(admin)).pagination.total
    expect(total).toBe(DEFAULT_OBJECTION_TYPES.length + 1 + fresh.length)

    const second = await call('POST', `${URL}/from-framework`, admin, { framework: 'meddpicc' })
    expect(second.statusCode).toBe(201)
    expect(second.json()).toEqual({ models: [], merged: [] })
    expect((await list(admin)).pagination.total).toBe(total)

    for (const payload of [{}, { framework: 'nope' }, { framework: 7 }]) {
      const response = await call('POST', `${URL}/from-framework`, admin, payload)
      expect(response.statusCode).toBe(400)
      expect(pathsOf(response.body)).toEqual(['body.framework'])
    }
  })

  it('merges every framework into alike types instead of stacking near-copies', async () => {
    const admin = await signUp(app())
    for (const framework of SALES_FRAMEWORK_KEYS) {
      const response = await call('POST', `${URL}/from-framework`, admin, { framework })
      expect(response.statusCode, response.body).toBe(201)
    }
    const names = (await list(admin, '?page_size=100')).models.map((t) => t.name)
    // The built-in price type took "No budget", "Budget", "Price pressure" and "Price too high".
    expect(names.filter((name) => /price|budget/i.test(name))).toEqual(['Price / budget'])
    expect(names.filter((name) => /status quo/i.test(name))).toEqual(['Competitor / status quo'])
  })

  it('lists a type’s objections newest first, paged and filtered by since', async () => {
    const organisationId = adminA.organisationId
    const [pipeline] = await app()
      .db.insert(pipelines)
      .values({ organisationId, name: 'Objections pipeline' })
      .returning()
    if (!pipeline) throw new Error('no pipeline inserted')
    const [stage] = await app()
      .db.insert(stages)
      .values({ organisationId, pipelineId: pipeline.id, name: 'Only', position: 0 })
      .returning()
    if (!stage) throw new Error('no stage inserted')
    const [acme, globex] = await app()
      .db.insert(deals)
      .values([
        { organisationId, pipelineId: pipeline.id, stageId: stage.id, name: 'Acme renewal' },
        { organisationId, pipelineId: pipeline.id, stageId: stage.id, name: 'Globex pilot' },
      ])
      .returning()
    if (!acme || !globex) throw new Error('no deals inserted')
    const [call1, call2] = await app()
      .db.insert(engagements)
      .values([
        {
          organisationId,
          dealId: acme.id,
          type: 'transcript' as const,
          name: 'Discovery call',
          occurredAt: new Date('2025-03-01T10:00:00Z'),
        },
        {
          organisationId,
          dealId: globex.id,
          type: 'email' as const,
          name: 'Re: pricing',
          occurredAt: new Date('2025-03-05T10:00:00Z'),
        },
      ])
      .returning()
    if (!call1 || !call2) throw new Error('no engagements inserted')

    const type = await create(adminA, { name: 'Found in calls' })
    const other = await create(adminA, { name: 'Other found type' })
    const empty = await create(adminA, { name: 'Never found' })
    const objection = (
      objectionTypeId: string,
      deal: typeof acme,
      engagementId: string,
      at: string,
      text: string,
    ) => ({
      organisationId,
      objectionTypeId,
      dealId: deal.id,
      engagementId,
      text,
      speaker: 'Buyer',
      handled: true,
      handlingScore: 0.5,
      response: 'We can phase it.',
      occurredAt: new Date(at),
    })
    await app()
      .db.insert(objections)
      .values([
        objection(type.id, acme, call1.id, '2025-03-01T10:05:00Z', 'oldest'),
        objection(type.id, globex, call2.id, '2025-03-05T09:59:59Z', 'just before'),
        objection(type.id, globex, call2.id, '2025-03-05T10:00:00Z', 'at midday'),
        objection(type.id, acme, call1.id, '2025-03-07T08:00:00Z', 'newest'),
        objection(other.id, acme, call1.id, '2025-03-08T08:00:00Z', 'another type'),
      ])
    await app()
      .db.insert(objections)
      .values({
        ...objection(type.id, acme, call1.id, '2025-03-02T00:00:00Z', 'unhandled'),
        speaker: null,
        handled: false,
        handlingScore: 0,
        response: null,
      })

    const get = async (id: string, query = '', session = adminA) => {
      const response = await call('GET', `${URL}/${id}/objections${query}`, session)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<ObjectionsJson>()
    }

    const all = await get(type.id)
    expect(all.pagination).toEqual({ page: 1, page_size: 100, total: 5 })
    expect(all.models.map((o) => o.text)).toEqual([
      'newest',
      'at midday',
      'just before',
      'unhandled',
      'oldest',
    ])
    expect(all.models[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      objection_type_id: type.id,
      deal_id: acme.id,
      deal_name: 'Acme renewal',
      engagement_id: call1.id,
      text: 'newest',
      speaker: 'Buyer',
      handled: true,
      handling_score: 0.5,
      response: 'We can phase it.',
      occurred_at: '2025-03-07T08:00:00.000Z',
    })
    expect(all.models[1]?.deal_name).toBe('Globex pilot')
    expect(all.models[3]).toMatchObject({
      speaker: null,
      handled: false,
      handling_score: 0,
      response: null,
    })
    expect(await get(type.id, '', memberA)).toEqual(all)

    const paged = await get(type.id, '?page=2&page_size=2')
    expect(paged.pagination).toEqual({ page: 2, page_size: 2, total: 5 })
    expect(paged.models).toEqual(all.models.slice(2, 4))

    // A date is its start in UTC; a date-time is compared as given, offset included.
    expect((await get(type.id, '?since=2025-03-05')).models.map((o) => o.text)).toEqual([
      'newest',
      'at midday',
      'just before',
    ])
    const since = await get(type.id, `?since=${encodeURIComponent('2025-03-05T11:00:00+01:00')}`)
    expect(since.models.map((o) => o.text)).toEqual(['newest', 'at midday'])
    expect(since.pagination.total).toBe(2)
    expect((await get(type.id, '?since=2025-03-08')).models).toEqual([])
    // Spec §5: a blank parameter is skipped, as if not sent.
    expect(await get(type.id, '?since=&page=&page_size=')).toEqual(all)

    expect((await get(other.id)).models.map((o) => o.text)).toEqual(['another type'])
    expect(await get(empty.id)).toEqual({
      models: [],
      pagination: { page: 1, page_size: 100, total: 0 },
    })

    for (const [query, path] of [
      ['?since=yesterday', 'querystring.since'],
      ['?since=2025-13-01', 'querystring.since'],
      ['?page=0', 'querystring.page'],
      ['?page_size=5000', 'querystring.page_size'],
    ] as const) {
      const response = await call('GET', `${URL}/${type.id}/objections${query}`, adminA)
      expect(response.statusCode, query).toBe(400)
      expect(pathsOf(response.body)?.[0]).toBe(path)
    }
    const wordy = await call('GET', `${URL}/${type.id}/objections?since=yesterday`, adminA)
    expect(wordy.json<ErrorJson>().error.message).toBe(
      'querystring.since: must be an ISO 8601 date (yyyy-MM-dd) or date-time with Z or an offset',
    )

    // The total comes from the daily rollup: a rejection (issue 14) and a deletion move it too.
    const [newest, atMidday] = all.models
    await app()
      .db.update(objections)
      .set({ rejected: true })
      .where(eq(objections.id, newest?.id ?? ''))
    await app()
      .db.delete(objections)
      .where(eq(objections.id, atMidday?.id ?? ''))
    const remaining = await get(type.id)
    expect(remaining.pagination.total).toBe(3)
    expect(remaining.models.map((o) => o.text)).toEqual(['just before', 'unhandled', 'oldest'])
  })
})
