import { randomUUID } from 'node:crypto'
import type {
  CreatedObjectionTypesResponse,
  createObjectionTypeBodySchema,
  Objection,
  ObjectionType,
  ObjectionTypesQuery,
  ObjectionTypesResponse,
  TypeObjectionsQuery,
  TypeObjectionsResponse,
  updateObjectionTypeBodySchema,
} from '@dealcoach/contracts/objections'
import type { SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { findSalesFramework } from '@dealcoach/playbooks/framework-templates'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import { Conflict, NotFound } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  findObjectionType,
  insertObjectionTypes,
  listObjectionsOfType,
  listObjectionTypeNames,
  listObjectionTypes,
  lockObjectionTypes,
  objectionTypeIdExists,
  objectionTypeNameTaken,
  type ObjectionRow,
  type ObjectionTypeChanges,
  type ObjectionTypeRow,
  softDeleteObjectionType,
  updateObjectionType,
} from './objection-types.repository.js'
import { paginationOf } from '../../lib/pagination.js'

/** The bodies as the routes hand them over: parsed, so trimmed and without blank examples. */
type CreateBody = z.output<typeof createObjectionTypeBodySchema>
type UpdateBody = z.output<typeof updateObjectionTypeBodySchema>

export interface ObjectionTypesDeps {
  db: Database
}

const notFoundType = () => new NotFound('Objection type')

const idExists = (id: string) =>
  new Conflict('objection_type_exists', `An objection type with the id ${id} already exists.`)

const nameTaken = (name: string) =>
  new Conflict(
    'objection_type_name_taken',
    `Your organisation already has an objection type named "${name}".`,
    [{ field: 'name', message: 'is already used by another objection type' }],
  )

function toObjectionType(row: ObjectionTypeRow): ObjectionType {
  return {
    id: row.id,
    organisation: row.organisationId,
    name: row.name,
    description: row.description,
    examples: row.examples,
    active: row.active,
    deleted: row.deleted,
    source: row.source,
    approved: row.approved,
    approved_by: row.approvedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

function toObjection(row: ObjectionRow): Objection {
  return {
    id: row.id,
    objection_type_id: row.objectionTypeId,
    deal_id: row.dealId,
    deal_name: row.dealName,
    engagement_id: row.engagementId,
    text: row.text,
    speaker: row.speaker,
    handled: row.handled,
    handling_score: row.handlingScore,
    response: row.response,
    occurred_at: row.occurredAt.toISOString(),
  }
}

/** A bare date means the start of that day in UTC; a date-time carries its own offset. */
function sinceInstant(since: string | undefined): Date | undefined {
  if (since === undefined) return undefined
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since)
}

/** Spec §5: an update applies only a non-empty name, description and examples list. */
function changesOf(body: UpdateBody): ObjectionTypeChanges {
  const changes: ObjectionTypeChanges = {}
  if (body.name) changes.name = body.name
  if (body.description) changes.description = body.description
  if (body.examples && body.examples.length > 0) changes.examples = body.examples
  if (typeof body.active === 'boolean') changes.active = body.active
  return changes
}

/** The objection types of the caller's organisation: what the engine looks for in evidence. */
export function createObjectionTypesService(deps: ObjectionTypesDeps) {
  const { db } = deps

  return {
    async list(caller: AuthUser, query: ObjectionTypesQuery): Promise<ObjectionTypesResponse> {
      const page = { page: query.page, pageSize: query.page_size }
      const { rows, total } = await listObjectionTypes(db, caller.organisationId, {
        ...page,
        search: query.search,
      })
      return { models: rows.map(toObjectionType), pagination: paginationOf(page, total) }
    },

    /** Another organisation's type, and a deleted one, are "not found". */
    async get(caller: AuthUser, id: string): Promise<ObjectionType> {
      const row = await findObjectionType(db, id, caller.organisationId)
      if (!row) throw notFoundType()
      return toObjectionType(row)
    },

    /** The client chose the id (spec §3); resending a create answers 409 rather than a copy. */
    async create(caller: AuthUser, body: CreateBody): Promise<ObjectionType> {
      return db.transaction(async (tx) => {
        await lockObjectionTypes(tx, caller.organisationId)
        if (await objectionTypeIdExists(tx, body.id)) throw idExists(body.id)
        if (await objectionTypeNameTaken(tx, caller.organisationId, body.name)) {
          throw nameTaken(body.name)
        }
        const [row] = await insertObjectionTypes(tx, [
          {
            id: body.id,
            organisationId: caller.organisationId,
            name: body.name,
            description: body.description,
            examples: body.examples,
            active: body.active,
            source: 'user',
            approved: false,
            approvedBy: null,
          },
        ])
        // Another organisation took the id between the check and the insert.
        if (!row) throw idExists(body.id)
        return toObjectionType(row)
      })
    },

    async update(caller: AuthUser, id: string, body: UpdateBody): Promise<ObjectionType> {
      const changes = changesOf(body)
      return db.transaction(async (tx) => {
        await lockObjectionTypes(tx, caller.organisationId)
        // Existence first: a missing type is a 404 whatever the body says.
        if (!(await findObjectionType(tx, id, caller.organisationId))) throw notFoundType()
        if (
          changes.name !== undefined &&
          (await objectionTypeNameTaken(tx, caller.organisationId, changes.name, id))
        ) {
          throw nameTaken(changes.name)
        }
        const row = await updateObjectionType(tx, id, caller.organisationId, changes)
        if (!row) throw notFoundType()
        return toObjectionType(row)
      })
    },

    async remove(caller: AuthUser, id: string): Promise<void> {
      if (!(await softDeleteObjectionType(db, id, caller.organisationId))) throw notFoundType()
    },

    /** Approving records who approved; withdrawing the approval clears it. */
    async setApproval(caller: AuthUser, id: string, approved: boolean): Promise<ObjectionType> {
      const row = await updateObjectionType(db, id, caller.organisationId, {
        approved,
        approvedBy: approved ? caller.id : null,
      })
      if (!row) throw notFoundType()
      return toObjectionType(row)
    },

    /** Adds the framework's types the organisation lacks by name, so a second call adds none. */
    async addFromFramework(
      caller: AuthUser,
      framework: SalesFrameworkKey,
    ): Promise<CreatedObjectionTypesResponse> {
      const template = findSalesFramework(framework)
      const created = await db.transaction(async (tx) => {
        await lockObjectionTypes(tx, caller.organisationId)
        const taken = await listObjectionTypeNames(tx, caller.organisationId)
        const fresh = template.objection_types.filter((type) => {
          const key = type.name.toLowerCase()
          if (taken.has(key)) return false
          taken.add(key)
          return true
        })
        return insertObjectionTypes(
          tx,
          fresh.map((type) => ({
            id: randomUUID(),
            organisationId: caller.organisationId,
            name: type.name,
            description: type.description,
            examples: type.examples,
            active: true,
            source: 'framework',
            approved: false,
            approvedBy: null,
          })),
        )
      })
      // In the framework's order, which is how the client lists what was added.
      const position = new Map(template.objection_types.map((type, index) => [type.name, index]))
      created.sort((a, b) => (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0))
      return { models: created.map(toObjectionType) }
    },

    /** Any member may read; the type must be one of the organisation's, not deleted. */
    async objections(
      caller: AuthUser,
      id: string,
      query: TypeObjectionsQuery,
    ): Promise<TypeObjectionsResponse> {
      if (!(await findObjectionType(db, id, caller.organisationId))) throw notFoundType()
      const page = { page: query.page, pageSize: query.page_size }
      const { rows, total } = await listObjectionsOfType(db, caller.organisationId, id, {
        ...page,
        since: sinceInstant(query.since),
      })
      return { models: rows.map(toObjection), pagination: paginationOf(page, total) }
    },
  }
}

export type ObjectionTypesService = ReturnType<typeof createObjectionTypesService>
