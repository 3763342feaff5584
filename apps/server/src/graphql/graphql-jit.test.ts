import { getIntrospectionQuery } from 'graphql'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import type { AuthUser } from '../lib/caller.js'
import { Forbidden, NotFound } from '../lib/domain-errors.js'
import { createLoaders, type GraphQLServices } from './graphql-loaders.js'
import { createGraphQLServer } from './graphql-server.js'

const caller: AuthUser = {
  id: '00000000-0000-4000-8000-0000000000a1',
  organisationId: '00000000-0000-4000-8000-0000000000f1',
  role: 'admin',
  firstName: 'Ada',
  lastName: 'Admin',
  sessionId: 'session',
}

const PIPELINE = '00000000-0000-4000-8000-000000000001'
/** A pipeline id whose deals fail: the service throws as it would for another caller. */
const FORBIDDEN_PIPELINE = '00000000-0000-4000-8000-000000000002'
/** A pipeline id whose read fails unexpectedly (a lost connection, say). */
const BROKEN_PIPELINE = '00000000-0000-4000-8000-000000000003'
/** A deal whose assessment cannot be read: an unexpected failure in a nullable field. */
const UNREADABLE_ASSESSMENT_DEAL = '00000000-0000-4000-8000-000000000409'
/** A pipeline whose page holds a deal the schema cannot represent (status "weird"). */
const ODD_PIPELINE = '00000000-0000-4000-8000-000000000004'

const stage = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  pipelineId: PIPELINE,
  name: n === 3 ? (null as unknown as string) : `Stage ${n}`,
  position: n,
})
const STAGES = [stage(1), stage(2), stage(3)]
const owner = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000020${n}`,
  firstName: `First ${n}`,
  lastName: `Last ${n}`,
  email: `user${n}@example.com`,
  role: n === 1 ? 'admin' : 'member',
})
const OWNERS = [owner(1), owner(2)]
const ENGAGEMENT = {
  id: '00000000-0000-4000-8000-000000000301',
  name: 'Kick-off call',
  type: 'transcript',
  occurredAt: new Date('2026-11-02T09:30:00.000Z'),
}

function deal(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `00000000-0000-4000-8000-0000000004${String(n).padStart(2, '0')}`,
    organisationId: caller.organisationId,
    pipelineId: PIPELINE,
    stageId: STAGES[n % 2]?.id,
    ownerId: n % 3 === 0 ? null : OWNERS[n % 2]?.id,
    name: `Deal ${n}`,
    accountName: n % 4 === 0 ? null : `Account ${n}`,
    amount: n % 5 === 0 ? null : `${n * 1000}.50`,
    currency: 'EUR',
    closeDate: n % 2 ? '2026-12-01' : null,
    status: ['open', 'won', 'lost'][n % 3],
    confidence: n % 2 ? 40 + n : null,
    lastActivityAt: n % 3 === 0 ? null : '2026-11-20T10:00:00.123Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}
/** Deal 11's owner is no user found: its owner is null. */
const DEALS = Array.from({ length: 12 }, (_, n) =>
  deal(n + 1, n === 10 ? { ownerId: '00000000-0000-4000-8000-000000000299' } : {}),
)
/** Deal 6's stage has no name: a non-null field resolving to null. */
const NAMELESS_STAGE_DEAL = deal(6, { stageId: STAGES[2]?.id })

const services = {
  deals: {
    read: async (_caller: AuthUser, id: string) => {
      if (id === NAMELESS_STAGE_DEAL.id) return { deal: NAMELESS_STAGE_DEAL }
      const found = DEALS.find((candidate) => candidate.id === id)
      if (!found) throw new NotFound('Deal')
      return { deal: found }
    },
    list: async (_caller: AuthUser, query: { clauses: { field: string; value: unknown }[] }) => {
      const pipeline = query.clauses.find((clause) => clause.field === 'pipeline_id')?.value
      if (pipeline === FORBIDDEN_PIPELINE) throw new Forbidden('You may not see these deals.')
      if (pipeline === BROKEN_PIPELINE) throw new Error('connection terminated')
      const rows = pipeline === ODD_PIPELINE ? [deal(1, { status: 'weird' })] : DEALS
      return { rows: rows.map((row) => ({ deal: row })), total: 1234 }
    },
  },
  pipelines: {
    list: async () => ({
      rows: [
        {
          id: PIPELINE,
          name: 'Sales',
          active: true,
          stages: STAGES.slice(0, 2),
          actions: [
            { id: 'a1', stageId: STAGES[0]?.id, name: 'Qualify', description: 'Ask', position: 1 },
            { id: 'a2', stageId: null, name: 'Wrap up', description: '', position: 2 },
          ],
        },
      ],
      total: 1,
    }),
    stagesByIds: async (_caller: AuthUser, ids: readonly string[]) =>
      STAGES.filter((candidate) => ids.includes(candidate.id)),
  },
  users: {
    me: async () => ({ ...OWNERS[0], id: caller.id }),
    byIds: async (_caller: AuthUser, ids: readonly string[]) =>
      OWNERS.filter((candidate) => ids.includes(candidate.id)),
  },
  analysis: {
    currentAssessments: async (_caller: AuthUser, dealIds: readonly string[]) => {
      if (dealIds.includes(UNREADABLE_ASSESSMENT_DEAL)) throw new Error('assessments: timeout')
      return dealIds
        .filter((id) => DEALS.findIndex((candidate) => candidate.id === id) % 2 === 0)
        .map((dealId) => ({
          dealId,
          confidence: 55,
          computedAt: new Date('2026-11-03T00:00:00Z'),
          solutionFit: {
            tier: 2,
            scoring: [
              {
                type: 'problem_pain_identification',
                score: 2,
                justification: 'They named the pain.',
                evidenceRefs: [
                  {
                    engagement: { id: ENGAGEMENT.id, name: 'Old name', type: 'transcript' },
                    new: true,
                    role: 'buyer',
                    speaker: 'Bea Buyer',
                    text: 'Our reports take a week.',
                  },
                  {
                    engagement: {
                      id: '00000000-0000-4000-8000-000000000399',
                      name: 'Deleted call',
                      date: '2026-10-01T00:00:00.000Z',
                      type: 'meeting',
                    },
                    new: false,
                    role: 'seller',
                    speaker: 'Sam Seller',
                    text: 'What does it cost you?',
                  },
                ],
              },
            ],
          },
        }))
    },
  },
  engagements: {
    refsByIds: async (_caller: AuthUser, ids: readonly string[]) =>
      ids.includes(ENGAGEMENT.id) ? [ENGAGEMENT] : [],
  },
} as unknown as GraphQLServices

function server(compiledExecution: boolean, env: 'production' | 'test' = 'test') {
  return createGraphQLServer<object>({
    log: pino({ level: 'silent' }),
    env,
    context: () => ({ caller, services, loaders: createLoaders(services, caller) }),
    compiledExecution,
  })
}

const ALL_DEAL_FIELDS = `id name accountName amount currency closeDate status lastActivityAt confidence
  stage { id name position } owner { id firstName lastName email role }
  solutionFit { tier scoring { type score justification
    evidenceRefs { new role speaker text engagement { id name date type } } } }`

/** Operations and variables, each answered by both executors; what they exercise is named. */
const CASES: { name: string; body: unknown }[] = [
  {
    name: 'every field of a page, nulls and relations included',
    body: {
      query: `query P($p: ID!) { deals(pipelineId: $p, perPage: 12) { total page perPage items { ${ALL_DEAL_FIELDS} } } }`,
      variables: { p: PIPELINE },
    },
  },
  {
    name: 'the bench query',
    body: {
      query: `query Deals($pipelineId: ID!) { deals(pipelineId: $pipelineId, perPage: 100) { total
        items { id name accountName amount currency closeDate status lastActivityAt confidence
          stage { id name } owner { id firstName lastName } } } }`,
      variables: { pipelineId: PIPELINE },
    },
  },
  {
    name: 'aliases, named and inline fragments, __typename',
    body: {
      query: `{ list: deals(perPage: 5) { ...Page n: total __typename } me { ... on User { who: firstName __typename } } }
        fragment Page on DealPage { items { __typename ...D ... on Deal { o: owner { ...U } } } }
        fragment D on Deal { id title: name stage { name } }
        fragment U on User { id lastName }`,
    },
  },
  {
    name: 'skip and include, on fields and on a fragment spread twice',
    body: {
      query: `query S($yes: Boolean!, $no: Boolean = false) { deals(perPage: 3) {
          items { ...F @include(if: $yes) ...F @skip(if: $yes) a: owner @skip(if: $yes) { id }
            b: owner @include(if: $yes) { ...O } name @include(if: $no) } } }
        fragment F on Deal { id stage @include(if: $no) { id } }
        fragment O on User { firstName }`,
      variables: { yes: true },
    },
  },
  {
    name: 'an operation chosen by name, defaults and an unused variable',
    body: {
      query: `query A { me { id } } query B($page: Int = 2, $q: String) { deals(page: $page, searchQuery: $q) { page perPage total } }`,
      operationName: 'B',
      variables: { q: '  ', extra: 1 },
    },
  },
  {
    name: 'a deal by id',
    body: { query: `{ deal(id: "${DEALS[1]?.id}") { ${ALL_DEAL_FIELDS} } }` },
  },
  {
    name: 'an unknown deal and a bad id are null',
    body: { query: `{ a: deal(id: "${PIPELINE}") { id } b: deal(id: "x") { id } }` },
  },
  {
    name: 'a non-null field resolving to null nulls its nearest nullable parent',
    body: { query: `{ deal(id: "${NAMELESS_STAGE_DEAL.id}") { id stage { id name } } me { id } }` },
  },
  {
    name: 'pipelines with stages and actions',
    body: {
      query:
        '{ pipelines { id name active stages { id name position } actions { id stageId name description position } } }',
    },
  },
  {
    name: 'a bad argument from the resolver',
    body: { query: '{ deals(perPage: 0) { total } me { id } }' },
  },
  {
    name: 'a bad id and a long search from the resolver',
    body: {
      query:
        'query Q($q: String) { a: deals(pipelineId: "nope") { total } b: deals(searchQuery: $q) { total } }',
      variables: { q: 'x'.repeat(201) },
    },
  },
  {
    name: 'a domain error keeps its code; an unexpected one is masked',
    body: {
      query: `{ a: deals(pipelineId: "${FORBIDDEN_PIPELINE}") { total } b: deals(pipelineId: "${BROKEN_PIPELINE}") { total } me { id } }`,
    },
  },
  {
    name: 'a value the schema cannot represent',
    body: { query: `{ deals(pipelineId: "${ODD_PIPELINE}") { items { id status } } }` },
  },
  {
    name: 'a missing variable',
    body: { query: 'query P($p: ID!) { deals(pipelineId: $p) { total } }' },
  },
  {
    name: 'variables of the wrong type and null for a non-null one',
    body: {
      query:
        'query P($p: ID!, $n: Int, $s: String) { a: deals(pipelineId: $p, perPage: $n, searchQuery: $s) { total } }',
      variables: { p: null, n: 'ten', s: 5 },
    },
  },
  {
    name: 'an integer too large for Int',
    body: { query: 'query P($n: Int) { deals(perPage: $n) { total } }', variables: { n: 2 ** 40 } },
  },
  {
    name: 'an unexpected failure in a nullable field, on a later line of a CRLF document',
    body: {
      query: `query D($id: ID!) {\r\n  me { id }\r\n  deal(id: $id) {\r\n    id\r\n    solutionFit { tier }\r\n  }\r\n}`,
      variables: { id: UNREADABLE_ASSESSMENT_DEAL },
    },
  },
  {
    name: 'errors in several nullable fields at once, each with its own path',
    body: {
      query: `{
        b: deal(id: "${UNREADABLE_ASSESSMENT_DEAL}") { id solutionFit { tier } }
        d: deal(id: "${NAMELESS_STAGE_DEAL.id}") { stage { name } }
        e: deal(id: "${DEALS[0]?.id}") { id }
      }`,
    },
  },
  { name: 'introspection', body: { query: getIntrospectionQuery() } },
  {
    name: 'a batch',
    body: [
      { query: '{ me { id email role } }' },
      { query: `{ deal(id: "${DEALS[0]?.id}") { name } }` },
      { query: '{ nope }' },
    ],
  },
]

async function answer(yoga: ReturnType<typeof server>, body: unknown) {
  const response = await yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  }
}

describe('compiled execution (graphql-jit) answers as yoga’s executor does', () => {
  const compiled = server(true)
  const interpreted = server(false)

  it.each(CASES)('$name', async ({ body }) => {
    const expected = await answer(interpreted, body)
    // Three times: the first runs on yoga's executor, the second compiles the operation, the
    // third runs what was kept.
    for (let run = 0; run < 3; run += 1) expect(await answer(compiled, body)).toEqual(expected)
  })

  // graphql-js stops collecting errors once a failure has nulled the whole answer; graphql-jit
  // also reports the fields that failed meanwhile. Which ones graphql-js reports depends on which
  // resolver settles first, so neither list is a contract; the first failure is in both.
  it('keeps the failure that nulled the whole answer, beside any raised meanwhile', async () => {
    const body = {
      query: `{
        a: deals(perPage: 0) { total }
        b: deal(id: "${UNREADABLE_ASSESSMENT_DEAL}") { solutionFit { tier } }
      }`,
    }
    type Answer = { data: unknown; errors: unknown[] }
    const expected = JSON.parse((await answer(interpreted, body)).body) as Answer
    await answer(compiled, body) // the first run is yoga's executor's; the second is compiled
    const received = JSON.parse((await answer(compiled, body)).body) as Answer
    expect(expected.data).toBeNull()
    expect(received.data).toBeNull()
    expect(received.errors).toEqual(expect.arrayContaining(expected.errors))
  })

  it('refuses introspection in production either way', async () => {
    const query = { query: '{ __schema { types { name } } }' }
    const expected = await answer(server(false, 'production'), query)
    expect(expected.body).toMatch(/introspection/i)
    expect(await answer(server(true, 'production'), query)).toEqual(expected)
  })
})
