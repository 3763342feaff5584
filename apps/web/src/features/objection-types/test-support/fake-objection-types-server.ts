import type { Objection, ObjectionType } from '@dealcoach/contracts/objections'
import type { SalesFramework } from '@dealcoach/contracts/sales-frameworks'
import { vi } from 'vitest'

export interface RecordedRequest {
  method: string
  url: string
  body: unknown
}

let counter = 0
/** A UUID-shaped id that reads well in test failures. */
export const testId = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`

export function objectionTypeFixture(overrides: Partial<ObjectionType> = {}): ObjectionType {
  return {
    id: testId(),
    organisation: '00000000-0000-4000-8000-0000000000ff',
    name: 'Price / budget',
    description: 'The buyer says it costs too much.',
    examples: ['That is more than we budgeted.', 'Your competitor is cheaper.'],
    active: true,
    deleted: false,
    source: 'system',
    approved: false,
    approved_by: null,
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  }
}

/** `count` types named "Type 01", "Type 02"…, so that they sort as numbered. */
export const numberedTypes = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    objectionTypeFixture({ name: `Type ${String(index + 1).padStart(2, '0')}` }),
  )

export const frameworkFixture = (overrides: Partial<SalesFramework> = {}): SalesFramework => ({
  key: 'meddic',
  name: 'MEDDIC',
  description: 'Qualify on metrics, buyer, criteria, process, pain and champion.',
  pipeline_name: 'MEDDIC pipeline',
  stages: [],
  objection_types: [
    { name: 'Value not quantified', description: 'No return in sight', examples: ['Why pay?'] },
    { name: 'Unclear decision process', description: 'Nobody knows who signs', examples: [] },
  ],
  ...overrides,
})

/** An error answer in the API's shape. */
export const errorResponse = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status })

/**
 * A stand-in for the objection types API behind a stubbed fetch, keeping the types in memory.
 * `refuseNext` makes the next write fail with the given answer (or hang, with a pending promise).
 */
export function fakeObjectionTypesServer(
  initial: ObjectionType[],
  options: {
    frameworks?: SalesFramework[]
    objections?: (typeId: string) => Response | Objection[]
  } = {},
) {
  let types = [...initial]
  const requests: RecordedRequest[] = []
  const refusals: (() => Response | Promise<Response>)[] = []
  const frameworks = options.frameworks ?? [frameworkFixture()]

  const find = (id: string) => types.find((type) => type.id === id && !type.deleted)
  const notFound = () => errorResponse(404, 'not_found', 'Objection type not found.')

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const url = new URL(href, 'http://localhost')
    const method = init?.method ?? 'GET'
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    requests.push({ method, url: href, body })
    if (method !== 'GET') {
      const refusal = refusals.shift()
      if (refusal) return refusal()
    }
    const path = url.pathname

    if (path === '/v1/sales-frameworks') return Response.json({ models: frameworks })
    if (path === '/v1/objections/types' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('page_size') ?? 30)
      const search = url.searchParams.get('search')?.toLowerCase()
      const matching = types
        .filter((type) => !type.deleted)
        .filter(
          (type) =>
            !search ||
            type.name.toLowerCase().includes(search) ||
            type.description.toLowerCase().includes(search),
        )
        .sort((a, b) => a.name.localeCompare(b.name))
      return Response.json({
        models: matching.slice((page - 1) * pageSize, page * pageSize),
        pagination: { page, page_size: pageSize, total: matching.length },
      })
    }
    if (path === '/v1/objections/types' && method === 'POST') {
      const created = objectionTypeFixture({ ...(body as Partial<ObjectionType>), source: 'user' })
      types.push(created)
      return Response.json(created, { status: 201 })
    }
    if (path === '/v1/objections/types/from-framework') {
      const framework = frameworks.find(
        (candidate) => candidate.key === (body as { framework: string }).framework,
      )
      const names = new Set(types.map((type) => type.name.toLowerCase()))
      const created = (framework?.objection_types ?? [])
        .filter((type) => !names.has(type.name.toLowerCase()))
        .map((type) => objectionTypeFixture({ ...type, source: 'framework' }))
      types.push(...created)
      return Response.json({ models: created }, { status: 201 })
    }
    const match = /^\/v1\/objections\/types\/([^/]+)(\/approval|\/objections)?$/.exec(path)
    const id = match?.[1] ?? ''
    const existing = find(id)
    if (match?.[2] === '/objections') {
      if (!existing) return notFound()
      const answer = options.objections?.(id) ?? []
      if (answer instanceof Response) return answer
      return Response.json({
        models: answer,
        pagination: { page: 1, page_size: 100, total: answer.length },
      })
    }
    if (!existing) return notFound()
    if (method === 'GET') return Response.json(existing)
    if (method === 'DELETE') {
      types = types.filter((type) => type.id !== id)
      return new Response(null, { status: 204 })
    }
    const changes = (body ?? {}) as Partial<ObjectionType>
    const saved = { ...existing, ...changes, updated_at: new Date().toISOString() }
    types = types.map((type) => (type.id === id ? saved : type))
    return Response.json(saved)
  })

  return {
    fetchMock,
    requests,
    /** The writes (every method but GET) sent so far. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    refuseNext: (answer: () => Response | Promise<Response>) => refusals.push(answer),
    get types() {
      return types
    },
  }
}
