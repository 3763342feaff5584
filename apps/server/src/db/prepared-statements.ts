import { sql } from 'drizzle-orm'
import type { Database } from './client.js'
import { withFlatRowMapper } from './flat-row-mapper.js'

const statements = new WeakMap<Database, Map<string, unknown>>()

/**
 * The named prepared statement `name` of a database handle, made by `prepare(name)` on first use
 * and kept while the handle is. PostgreSQL then parses and plans it once per connection instead of
 * on every call. Only for statements whose best plan does not depend on their parameters (after
 * five executions PostgreSQL may keep one generic plan for all values), and only for a bounded
 * set of names: every connection keeps each statement it has run until it closes.
 */
export function preparedStatement<T>(db: Database, name: string, prepare: (name: string) => T): T {
  let byName = statements.get(db)
  if (!byName) {
    byName = new Map()
    statements.set(db, byName)
  }
  let statement = byName.get(name) as T | undefined
  if (statement === undefined) {
    statement = prepare(name)
    // These are the busiest statements: their rows are mapped by a loop made for their columns.
    if (typeof statement === 'object' && statement !== null) withFlatRowMapper(statement)
    byName.set(name, statement)
  }
  return statement
}

/**
 * A LIMIT written into a prepared statement's text. drizzle sends a LIMIT as a parameter, and a
 * generic plan is then costed for an unknown number of rows (PostgreSQL assumes 10 % of them), so
 * PostgreSQL judges it worse than a plan for the actual limit and plans every execution anew: the
 * statement saves nothing. (drizzle renders any SQL object given as the limit as it is; its type
 * only names numbers and placeholders.)
 */
export function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new RangeError(`limit ${limit}`)
  return sql.raw(String(limit)) as unknown as number
}
