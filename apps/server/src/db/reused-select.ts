import { createHash } from 'node:crypto'
import { type Placeholder, sql } from 'drizzle-orm'
import type { Database } from './client.js'
import { withFlatRowMapper } from './flat-row-mapper.js'

/**
 * A statement's values, collected as its SQL is built: each bound value becomes the next
 * placeholder, so a statement built once can be run again with the values of another request.
 */
export class StatementValues {
  readonly values: Record<string, unknown> = {}
  #count = 0

  /** `value` as the statement's next placeholder. An arrow: it is passed around as `Bind`. */
  readonly bind = (value: unknown): Placeholder => {
    const name = `v${this.#count}`
    this.#count += 1
    this.values[name] = value
    return sql.placeholder(name)
  }
}

interface Runnable<Rows> {
  execute(values: Record<string, unknown>): Promise<Rows>
}

/** A drizzle select, which can be prepared under a statement name. */
export interface PreparableSelect<Rows> {
  prepare(name: string): Runnable<Rows>
}

/**
 * How many shapes of statement a database handle keeps. The deal list's filters, orders and
 * page kinds combine into a few hundred at most; past that the least recently used goes.
 */
const KEPT_SHAPES = 256

/** The protocol's unnamed statement: pg and PGlite keep nothing for it. */
const UNNAMED_STATEMENT = ''

const keptByDatabase = new WeakMap<Database, Map<string, Runnable<unknown>>>()

/**
 * Runs a select whose SQL text depends only on `shape`, built by `build` with the placeholders of
 * `values` the first time that shape is asked for and reused after: drizzle's building and
 * rendering of a deal page's statement took about an eighth of the server's CPU for a filtered
 * list (ADR 0035). By default it runs as the unnamed statement, parsed and planned for its values
 * every time (a named one may get PostgreSQL's generic plan, ten times slower for some filters);
 * `named` prepares it under a name made from `shape`, for the shapes whose plan does not hang on
 * their values, so that each connection parses it once (ADR 0039). Its rows are mapped by
 * withFlatRowMapper's loop. `shape` must name everything that changes the text: two builds with
 * the same shape must differ in their values alone.
 */
export function runReusedSelect<Rows>(
  db: Database,
  shape: string,
  values: StatementValues,
  build: () => PreparableSelect<Rows>,
  { named = false }: { named?: boolean } = {},
): Promise<Rows> {
  let kept = keptByDatabase.get(db)
  if (!kept) {
    kept = new Map()
    keptByDatabase.set(db, kept)
  }
  const key = named ? `named:${shape}` : shape
  let statement = kept.get(key) as Runnable<Rows> | undefined
  if (statement) {
    // Map order is insertion order: moved to the end, it is the most recently used.
    kept.delete(key)
  } else {
    statement = withFlatRowMapper(build().prepare(named ? statementName(shape) : UNNAMED_STATEMENT))
    const oldest = kept.size >= KEPT_SHAPES ? kept.keys().next().value : undefined
    if (oldest !== undefined) kept.delete(oldest)
  }
  kept.set(key, statement)
  return statement.execute(values.values)
}

/**
 * A statement name for a shape: the same on every build, so a shape forgotten and built again
 * reuses what the connections already hold (pg refuses one name for two texts), and within
 * PostgreSQL's 63 bytes whatever the shape.
 */
function statementName(shape: string): string {
  return `reused_${createHash('sha256').update(shape).digest('hex').slice(0, 32)}`
}
