import { Conflict, type FieldProblem } from '../../lib/domain-errors.js'
import type { ObjectionType } from './objection-type.js'

/** What a create of an objection type sets, as the body schema parsed it (trimmed, cleaned). */
export interface CreatedFields {
  name: string
  description: string
  examples: readonly string[]
  active: boolean
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((entry, index) => entry === b[index])

/**
 * How a create differs from the organisation's type that already has its id. Nothing means the
 * create is that type's own, sent again (a client retrying after an answer it never got), and it
 * is answered as the first one was. A type that was deleted, or that no create made (seeded, or
 * from a framework), is never one: its id was not the client's to send.
 */
export function differencesFromCreate(stored: ObjectionType, body: CreatedFields): FieldProblem[] {
  if (stored.deleted) return [{ field: 'id', message: 'names an objection type that was deleted' }]
  if (stored.source !== 'user') {
    return [{ field: 'id', message: 'names an objection type that was not created with this call' }]
  }
  const same = {
    name: stored.name === body.name,
    description: stored.description === body.description,
    examples: sameList(stored.examples, body.examples),
    active: stored.active === body.active,
  }
  return Object.entries(same)
    .filter(([, isSame]) => !isSame)
    .map(([field]) => ({ field, message: 'differs from the objection type that has this id' }))
}

/** The 409 of a create that does not repeat the organisation's type with its id. */
export function idTakenConflict(id: string, differences: readonly FieldProblem[]): Conflict {
  const fields = differences.map((problem) => problem.field).filter((field) => field !== 'id')
  const message =
    fields.length > 0
      ? `An objection type with the id ${id} already exists with another ${fields.join(', ')}: send a new id to create one, or change it with PUT /v1/objections/types/${id}.`
      : `The id ${id} belongs to an objection type that no create with it made: send a new id.`
  return new Conflict('objection_type_exists', message, differences)
}
