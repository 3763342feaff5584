import { ACTIVE_MAX_DAYS, COOLING_MAX_DAYS, type Staleness } from '@dealcoach/contracts/deals'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, type Column, eq, or, type SQL, sql } from 'drizzle-orm'
import { deals } from '../../db/schema/deals.js'
import { escapeLike, filterConditions, type FilterColumns } from '../../lib/filter-query.js'

// The deal list's filters as SQL over `deals`: the deal list, the dashboard's stats and the
// objection reports (issue 14) select deals the same way. Not a repository: it runs no query.

/**
 * `= any($1)` with the ids as one array parameter: a long id list stays one bind value instead
 * of one placeholder per id (PostgreSQL allows 65,535 of those).
 */
export function anyOf(column: Column, ids: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`
}

/** The columns the plain filter fields read (the whitelist); name and staleness are special. */
const DEAL_FILTER_COLUMNS: FilterColumns = {
  pipeline_id: deals.pipelineId,
  stage_id: deals.stageId,
  owner_id: deals.ownerId,
  close_date: deals.closeDate,
  status: deals.status,
}

// Inlined rather than bound: the level is selected and grouped by, and PostgreSQL only sees the
// two as one expression when they are the same text (the values are our constants).
export const daysAgo = (days: number) => sql.raw(`now() - interval '${days} days'`)

/** The deals at one staleness level: by days since the last activity (DESIGN §5). */
export function stalenessCondition(level: Staleness): SQL {
  switch (level) {
    case 'active':
      return sql`${deals.lastActivityAt} >= ${daysAgo(ACTIVE_MAX_DAYS)}`
    case 'cooling':
      return sql`(${deals.lastActivityAt} < ${daysAgo(ACTIVE_MAX_DAYS)} and ${deals.lastActivityAt} >= ${daysAgo(COOLING_MAX_DAYS)})`
    case 'stale':
      return sql`(${deals.lastActivityAt} is null or ${deals.lastActivityAt} < ${daysAgo(COOLING_MAX_DAYS)})`
  }
}

/**
 * What the search reads: the name and the account as one text, the expression of the trigram
 * index (migration 0009), so one index scan answers it where the server has pg_trgm.
 */
const searchText = sql`(${deals.name} || ' ' || coalesce(${deals.accountName}, ''))`

export function clauseCondition(clause: FilterClause): SQL | undefined {
  if (clause.field === 'name') {
    // The search matches the deal's name or its account (the buyer company).
    const pattern = `%${escapeLike(String(clause.value))}%`
    return sql`${searchText} ilike ${pattern}`
  }
  if (clause.field === 'staleness') {
    return or(...(clause.value as Staleness[]).map(stalenessCondition))
  }
  return filterConditions([clause], DEAL_FILTER_COLUMNS)
}

/** The organisation's deals matching every clause of the deal list's filters. */
export function filteredDeals(organisationId: string, clauses: readonly FilterClause[]): SQL {
  return and(eq(deals.organisationId, organisationId), ...clauses.map(clauseCondition)) ?? sql`true`
}
