import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, type Column, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL } from 'drizzle-orm'

/**
 * Which column each filter field reads. This is the whitelist: a clause for a
 * field missing here is a programming error, never user input, because the contract's
 * `listQuerySchema` has already refused unknown fields with a 400.
 */
export type FilterColumns = Readonly<Record<string, Column>>

/** `%` and `_` in what the user typed are literal characters, not wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * How a filter's value enters its SQL: as itself (a parameter of this statement), or as a
 * placeholder whose value comes when a statement built once is run again (db/reused-select.ts).
 */
export type Bind = (value: unknown) => unknown

export const asParameter: Bind = (value) => value

function condition(column: Column, { operator, value }: FilterClause, bind: Bind): SQL {
  switch (operator) {
    case 'eq':
      return eq(column, bind(value))
    case 'neq':
      return ne(column, bind(value))
    case 'in':
      return inArray(column, (value as unknown[]).map(bind))
    case 'gt':
      return gt(column, bind(value))
    case 'gte':
      return gte(column, bind(value))
    case 'lt':
      return lt(column, bind(value))
    case 'lte':
      return lte(column, bind(value))
    case 'ilike':
      return ilike(column, bind(`%${escapeLike(String(value))}%`) as string)
  }
}

/**
 * What of a clause its SQL's text depends on: the field, the operator and how many values a list
 * has; the values themselves are parameters.
 */
export function clauseShape({ field, operator, value }: FilterClause): string {
  return Array.isArray(value) ? `${field}.${operator}[${value.length}]` : `${field}.${operator}`
}

/** The SQL conditions of a list query's filters, ANDed; undefined when there are none. */
export function filterConditions(
  clauses: readonly FilterClause[],
  columns: FilterColumns,
  bind: Bind = asParameter,
): SQL | undefined {
  const conditions = clauses.map((clause) => {
    const column = columns[clause.field]
    if (!column) throw new Error(`no column is mapped for the filter field "${clause.field}"`)
    return condition(column, clause, bind)
  })
  return conditions.length > 0 ? and(...conditions) : undefined
}
