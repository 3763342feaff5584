import { randomUUID } from 'node:crypto'
import type {
  createObjectionTypeBodySchema,
  ObjectionTypesQuery,
  TypeObjectionsQuery,
  updateObjectionTypeBodySchema,
} from '@dealcoach/contracts/objections'
import type { SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { findSalesFramework } from '@dealcoach/playbooks/framework-templates'
import type { z } from 'zod'
import type { Database } from '../../db/client.js'
import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'
import { Conflict, NotFound } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import type { ObjectionType, ObjectionTypeTemplate, TypeObjection } from './objection-type.js'
import { differencesFromCreate, idTakenConflict } from './resent-create.js'
import { findAlike } from './similar-type-names.js'
import {
  findObjectionType,
  hasReviewedObjectionTypes,
  insertObjectionTypes,
  listObjectionsOfType,
  liveObjectionTypeExists,
  listLiveObjectionTypes,
  listObjectionTypes,
  lockObjectionTypes,
  objectionTypeOwner,
  objectionTypeNameTaken,
  type ObjectionTypeChanges,
  softDeleteObjectionType,
  updateObjectionType,
} from './objection-types.repository.js'
import type { PageOf } from '../../lib/pagination.js'

/** The bodies as the routes hand them over: parsed, so trimmed and without blank examples. */
type CreateBody = z.output<typeof createObjectionTypeBodySchema>
type UpdateBody = z.output<typeof updateObjectionTypeBodySchema>

export interface ObjectionTypesDeps {
  db: Database
  /** Re-analysis of the deals a change affects (the analysis module's requests service). */
  analysis: AnalysisBackfills
}

export interface AnalysisBackfills {
  backfill(
    tx: Database,
    input: { organisationId: string; reason: 'objection_types' },
  ): Promise<unknown>
}

const notFoundType = () => new NotFound('Objection type')

/** What adding a framework's types did: types created, and existing types given new examples. */
export interface FrameworkTypesResult {
  created: ObjectionType[]
  merged: ObjectionType[]
}

/** The examples with the new ones appended, leaving out repeats (in any case), up to the limit. */
function withExamples(current: readonly string[], added: readonly string[]): string[] {
  const seen = new Set(current.map((example) => example.toLocaleLowerCase()))
  const result = [...current]
  for (const example of added) {
    if (result.length >= OBJECTION_TYPE_LIMITS.examples) break
    const key = example.toLocaleLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    result.push(example)
  }
  return result
}

/**
 * A create with an id that is taken. Another organisation's type is "not found", as any of its
 * records is (DESIGN §5), and is never compared: the answer is the same whatever the body says.
 * The organisation's own is that type when the create is its own sent again (same fields: a
 * retry), and a 409 naming what differs otherwise. Undefined when the id is free.
 */
async function typeOfResentCreate(
  tx: Database,
  caller: AuthUser,
  body: CreateBody,
): Promise<ObjectionType | undefined> {
  const owner = await objectionTypeOwner(tx, body.id)
  if (owner === undefined) return undefined
  if (owner !== caller.organisationId) throw notFoundType()
  const stored = await findObjectionType(tx, body.id, caller.organisationId, {
    includeDeleted: true,
  })
  if (!stored) throw notFoundType()
  const differences = differencesFromCreate(stored, body)
  if (differences.length > 0) throw idTakenConflict(body.id, differences)
  return stored
}

const nameTaken = (name: string) =>
  new Conflict(
    'objection_type_name_taken',
    `Your organisation already has an objection type named "${name}".`,
    [{ field: 'name', message: 'is already used by another objection type' }],
  )

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
  const { db, analysis } = deps

  /** The deals' objections were found with the old types: find them again. */
  const reanalyse = (tx: Database, organisationId: string) =>
    analysis.backfill(tx, { organisationId, reason: 'objection_types' })

  /**
   * The one place objection types are inserted from templates: the new-organisation seed
   * ('system' types, approved) and a sales framework's ('framework' types, awaiting approval).
   */
  function createFromTemplates(
    tx: Database,
    organisationId: string,
    templates: readonly ObjectionTypeTemplate[],
    source: 'system' | 'framework',
  ): Promise<ObjectionType[]> {
    return insertObjectionTypes(
      tx,
      templates.map((type) => ({
        id: randomUUID(),
        organisationId,
        name: type.name,
        description: type.description,
        examples: [...type.examples],
        active: true,
        source,
        approved: source === 'system',
        approvedBy: null,
      })),
    )
  }

  return {
    list(caller: AuthUser, query: ObjectionTypesQuery): Promise<PageOf<ObjectionType>> {
      return listObjectionTypes(db, caller.organisationId, {
        page: query.page,
        pageSize: query.page_size,
        search: query.search,
      })
    },

    /** Another organisation's type, and a deleted one, are "not found". */
    async get(caller: AuthUser, id: string): Promise<ObjectionType> {
      const row = await findObjectionType(db, id, caller.organisationId)
      if (!row) throw notFoundType()
      return row
    },

    /**
     * The client chose the id (spec §3), so a create sent again after a lost answer is known by
     * it: it answers the type it made, unchanged, rather than a copy or a conflict.
     */
    async create(caller: AuthUser, body: CreateBody): Promise<ObjectionType> {
      return db.transaction(async (tx) => {
        await lockObjectionTypes(tx, caller.organisationId)
        const resent = await typeOfResentCreate(tx, caller, body)
        if (resent) return resent
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
        if (!row) throw notFoundType()
        await reanalyse(tx, caller.organisationId)
        return row
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
        await reanalyse(tx, caller.organisationId)
        return row
      })
    },

    async remove(caller: AuthUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await softDeleteObjectionType(tx, id, caller.organisationId))) throw notFoundType()
        await reanalyse(tx, caller.organisationId)
      })
    },

    /** Every type that was not deleted, as the analysis engine reads them; inactive ones too. */
    async forAnalysis(tx: Database, organisationId: string) {
      const rows = await listLiveObjectionTypes(tx, organisationId)
      return rows.map(({ id, name, description, examples, active }) => ({
        id,
        name,
        description,
        examples,
        active,
      }))
    },

    /** Approving records who approved; withdrawing the approval clears it. */
    async setApproval(caller: AuthUser, id: string, approved: boolean): Promise<ObjectionType> {
      const row = await updateObjectionType(db, id, caller.organisationId, {
        approved,
        approvedBy: approved ? caller.id : null,
      })
      if (!row) throw notFoundType()
      return row
    },

    /**
     * Adds a framework's objection types. One that is alike a type the organisation already has
     * (see namesAlike) is merged into it instead: its new examples are appended, so applying
     * several frameworks does not stack near-copies, and applying one twice changes nothing.
     */
    async addFromFramework(
      caller: AuthUser,
      framework: SalesFrameworkKey,
    ): Promise<FrameworkTypesResult> {
      const { organisationId } = caller
      const template = findSalesFramework(framework)
      return db.transaction(async (tx) => {
        await lockObjectionTypes(tx, organisationId)
        const existing = await listLiveObjectionTypes(tx, organisationId)
        const fresh: (ObjectionTypeTemplate & { examples: string[] })[] = []
        const grown = new Map<string, { type: ObjectionType; examples: string[] }>()
        for (const type of template.objection_types) {
          const stored = findAlike(type.name, existing)
          if (stored) {
            const entry = grown.get(stored.id) ?? { type: stored, examples: stored.examples }
            grown.set(stored.id, {
              ...entry,
              examples: withExamples(entry.examples, type.examples),
            })
            continue
          }
          const pending = findAlike(type.name, fresh)
          if (pending) pending.examples = withExamples(pending.examples, type.examples)
          else fresh.push({ ...type, examples: [...type.examples] })
        }
        const merged: ObjectionType[] = []
        for (const { type, examples } of grown.values()) {
          if (examples.length === type.examples.length) continue
          const row = await updateObjectionType(tx, type.id, organisationId, { examples })
          if (row) merged.push(row)
        }
        const created = await createFromTemplates(tx, organisationId, fresh, 'framework')
        if (created.length > 0 || merged.length > 0) await reanalyse(tx, organisationId)
        // In the framework's order, which is how the client lists what was added.
        const position = new Map(fresh.map((type, index) => [type.name, index]))
        created.sort((a, b) => (position.get(a.name) ?? 0) - (position.get(b.name) ?? 0))
        return { created, merged }
      })
    },

    createFromTemplates,

    /** The onboarding checklist's question: see hasReviewedObjectionTypes. */
    hasReviewed(organisationId: string): Promise<boolean> {
      return hasReviewedObjectionTypes(db, organisationId)
    },

    /** Any member may read; the type must be one of the organisation's, not deleted. */
    async objections(
      caller: AuthUser,
      id: string,
      query: TypeObjectionsQuery,
    ): Promise<PageOf<TypeObjection>> {
      // Side by side: the check decides whether the page is answered, not how it is read.
      const [found, page] = await Promise.all([
        liveObjectionTypeExists(db, id, caller.organisationId),
        listObjectionsOfType(db, caller.organisationId, id, {
          page: query.page,
          pageSize: query.page_size,
          since: sinceInstant(query.since),
        }),
      ])
      if (!found) throw notFoundType()
      return page
    },
  }
}

export type ObjectionTypesService = ReturnType<typeof createObjectionTypesService>
