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

function condition(column: Column, { operator, value }: FilterClause): SQL {
  switch (operator) {
    case 'eq':
      return eq(column, value)
    case 'neq':
      return ne(column, value)
    case 'in':
      return inArray(column, value as unknown[])
    case 'gt':
      return gt(column, value)
    case 'gte':
      return gte(column, value)
    case 'lt':
      return lt(column, value)
    case 'lte':
      return lte(column, value)
    case 'ilike':
      return ilike(column, `%${escapeLike(String(value))}%`)
  }
}

/** The SQL conditions of a list query's filters, ANDed; undefined when there are none. */
export function filterConditions(
  clauses: readonly FilterClause[],
  columns: FilterColumns,
): SQL | undefined {
  const conditions = clauses.map((clause) => {
    const column = columns[clause.field]
    if (!column) throw new Error(`no column is mapped for the filter field "${clause.field}"`)
    return condition(column, clause)
  })
  return conditions.length > 0 ? and(...conditions) : undefined
}
