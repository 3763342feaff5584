import {
  createdObjectionTypesResponseSchema,
  createObjectionTypeBodySchema,
  objectionTypeApprovalBodySchema,
  objectionTypeParamsSchema,
  objectionTypeSchema,
  objectionTypesFromFrameworkBodySchema,
  objectionTypesQuerySchema,
  objectionTypesResponseSchema,
  typeObjectionsQuerySchema,
  typeObjectionsResponseSchema,
  updateObjectionTypeBodySchema,
  type ObjectionType,
} from '@dealcoach/contracts/objections'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, notFound, page, route, validationFailed } from '../fake-route'
import { refuseMember } from './refuse-member'

const live = (state: FakeApiState) => state.objectionTypes.filter((type) => !type.deleted)

const find = (state: FakeApiState, id: string) => live(state).find((type) => type.id === id)

const nameTaken = (state: FakeApiState, name: string, exceptId?: string) =>
  live(state).some((type) => type.id !== exceptId && type.name.toLowerCase() === name.toLowerCase())

const nameTakenAnswer = (name: string) =>
  errorAnswer(
    409,
    'objection_type_name_taken',
    `Your organisation already has an objection type named "${name}".`,
  )

const repeatsCreate = (
  stored: ObjectionType,
  body: Pick<ObjectionType, 'name' | 'description' | 'examples' | 'active'>,
) =>
  !stored.deleted &&
  stored.source === 'user' &&
  stored.name === body.name &&
  stored.description === body.description &&
  stored.active === body.active &&
  stored.examples.join('\n') === body.examples.join('\n')

function newType(
  state: FakeApiState,
  fields: Pick<ObjectionType, 'id' | 'name' | 'description' | 'examples' | 'active' | 'source'>,
): ObjectionType {
  const now = new Date().toISOString()
  const type: ObjectionType = {
    ...fields,
    organisation: state.me.organisation.id,
    deleted: false,
    approved: false,
    approved_by: null,
    created_at: now,
    updated_at: now,
  }
  state.objectionTypes.push(type)
  return type
}

function save(state: FakeApiState, id: string, changes: Partial<ObjectionType>) {
  const existing = find(state, id)
  if (!existing) return undefined
  const saved = { ...existing, ...changes, updated_at: new Date().toISOString() }
  state.objectionTypes = state.objectionTypes.map((type) => (type.id === id ? saved : type))
  return saved
}

export const objectionTypesRoutes = [
  route('GET', '/v1/objections/types', {
    query: objectionTypesQuerySchema,
    answers: { 200: objectionTypesResponseSchema },
    handle: ({ query }, state) => {
      const search = query.search?.toLowerCase()
      const matching = live(state)
        .filter(
          (type) =>
            !search ||
            type.name.toLowerCase().includes(search) ||
            type.description.toLowerCase().includes(search),
        )
        .sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()))
      return answer(200, page(matching, query.page, query.page_size))
    },
  }),
  route('POST', '/v1/objections/types', {
    body: createObjectionTypeBodySchema,
    answers: { 201: objectionTypeSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const stored = state.objectionTypes.find((type) => type.id === body.id)
      // As the server: the same create sent again (a retry after a lost answer) is answered as
      // the first was; any other use of a taken id is a conflict.
      if (stored && repeatsCreate(stored, body)) return answer(201, stored)
      if (stored) {
        return errorAnswer(
          409,
          'objection_type_exists',
          `An objection type with the id ${body.id} already exists.`,
        )
      }
      if (nameTaken(state, body.name)) return nameTakenAnswer(body.name)
      return answer(201, newType(state, { ...body, source: 'user' }))
    },
  }),
  route('POST', '/v1/objections/types/from-framework', {
    body: objectionTypesFromFrameworkBodySchema,
    answers: { 201: createdObjectionTypesResponseSchema },
    handle: ({ body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const framework = state.salesFrameworks.find((candidate) => candidate.key === body.framework)
      if (!framework) {
        return validationFailed([{ path: 'body.framework', message: 'is not a known framework' }])
      }
      // The fake merges only exact (case-insensitive) name matches; the server also merges
      // near-same names, which its own tests cover.
      const merged = framework.objection_types.flatMap((type) => {
        const match = state.objectionTypes.find(
          (candidate) =>
            !candidate.deleted && candidate.name.toLowerCase() === type.name.toLowerCase(),
        )
        const extra = type.examples.filter((example) => !match?.examples.includes(example))
        if (!match || extra.length === 0) return []
        match.examples = [...match.examples, ...extra]
        return [match]
      })
      const created = framework.objection_types
        .filter((type) => !nameTaken(state, type.name))
        .map((type) => newType(state, { ...type, id: fakeId(), active: true, source: 'framework' }))
      return answer(201, { models: created, merged })
    },
  }),
  route('GET', '/v1/objections/types/:id', {
    params: objectionTypeParamsSchema,
    answers: { 200: objectionTypeSchema },
    handle: ({ params }, state) => {
      const type = find(state, params.id)
      return type ? answer(200, type) : notFound('Objection type')
    },
  }),
  route('PUT', '/v1/objections/types/:id', {
    params: objectionTypeParamsSchema,
    body: updateObjectionTypeBodySchema,
    answers: { 200: objectionTypeSchema },
    handle: ({ params, body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      // Spec §5: empty texts and an empty examples list leave the stored value as it is.
      const changes: Partial<ObjectionType> = {
        ...(body.name ? { name: body.name } : {}),
        ...(body.description ? { description: body.description } : {}),
        ...(body.examples?.length ? { examples: body.examples } : {}),
        ...(body.active === undefined ? {} : { active: body.active }),
      }
      if (changes.name && nameTaken(state, changes.name, params.id)) {
        return nameTakenAnswer(changes.name)
      }
      const saved = save(state, params.id, changes)
      return saved ? answer(200, saved) : notFound('Objection type')
    },
  }),
  route('DELETE', '/v1/objections/types/:id', {
    params: objectionTypeParamsSchema,
    answers: { 204: null },
    handle: ({ params }, state) =>
      refuseMember(state) ??
      (save(state, params.id, { deleted: true }) ? answer(204) : notFound('Objection type')),
  }),
  route('PUT', '/v1/objections/types/:id/approval', {
    params: objectionTypeParamsSchema,
    body: objectionTypeApprovalBodySchema,
    answers: { 200: objectionTypeSchema },
    handle: ({ params, body }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      const saved = save(state, params.id, {
        approved: body.approved,
        approved_by: body.approved ? state.me.id : null,
      })
      return saved ? answer(200, saved) : notFound('Objection type')
    },
  }),
  route('GET', '/v1/objections/types/:id/objections', {
    params: objectionTypeParamsSchema,
    query: typeObjectionsQuerySchema,
    answers: { 200: typeObjectionsResponseSchema },
    handle: ({ params, query }, state) => {
      if (!find(state, params.id)) return notFound('Objection type')
      const since = query.since ? Date.parse(query.since) : -Infinity
      const found = state.objections
        .filter((objection) => objection.objection_type_id === params.id)
        .filter((objection) => Date.parse(objection.occurred_at) >= since)
        .sort((a, b) => b.occurred_at.localeCompare(a.occurred_at))
      return answer(200, page(found, query.page, query.page_size))
    },
  }),
]
