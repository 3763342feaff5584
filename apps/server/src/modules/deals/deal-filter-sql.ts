import { ACTIVE_MAX_DAYS, COOLING_MAX_DAYS, type Staleness } from '@dealcoach/contracts/deals'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { and, eq, or, type SQL, sql } from 'drizzle-orm'
import { dealSearchWords, deals } from '../../db/schema/deals.js'
import {
  asParameter,
  type Bind,
  clauseShape,
  escapeLike,
  filterConditions,
  type FilterColumns,
} from '../../lib/filter-query.js'

// The deal list's filters as SQL over `deals`: the deal list, the dashboard's stats and the
// objection reports (issue 14) select deals the same way. Not a repository: it runs no query.

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
 * The words of a search that begin a word of every deal it finds: those after the first space that
 * are letters and digits only. The first may end a word ("deal" in "ideal"), but any later one
 * follows a space in the deal's text, where the parser starts a word (ADR 0023). Digits are ASCII:
 * those the parser always reads as part of a word.
 */
export function searchWordPrefixes(search: string): string[] {
  return search
    .trim()
    .split(/\s+/u)
    .slice(1)
    .filter((word) => /^[\p{L}0-9]+$/u.test(word))
}

/**
 * A deal's name or account contains `search`, case aside (ILIKE's meaning, literal text), read
 * off the kept lower-case text (ADR 0029). With a word to look up, the word index finds the
 * candidates and the containment is checked on them alone; it is written with `strpos` so the
 * trigram index, slow on a search's common words, is not used as well. A single word has none:
 * the trigram index (migration 0023) answers it.
 */
function searchCondition(search: string, bind: Bind): SQL {
  const prefixes = searchWordPrefixes(search)
  if (prefixes.length === 0) {
    return sql`${deals.searchText} like lower(${bind(`%${escapeLike(search)}%`)})`
  }
  const query = prefixes.map((word) => `${word}:*`).join(' & ')
  return sql`(${dealSearchWords(deals)} @@ to_tsquery('simple', ${bind(query)}) and strpos(${deals.searchText}, lower(${bind(search)})) > 0)`
}

/** Whether the clauses search deals by name or account. */
export function searchesDeals(clauses: readonly FilterClause[]): boolean {
  return clauses.some((clause) => clause.field === 'name')
}

export function clauseCondition(clause: FilterClause, bind: Bind = asParameter): SQL | undefined {
  // The search matches the deal's name or its account (the buyer company).
  if (clause.field === 'name') return searchCondition(String(clause.value), bind)
  if (clause.field === 'staleness') {
    return or(...(clause.value as Staleness[]).map(stalenessCondition))
  }
  return filterConditions([clause], DEAL_FILTER_COLUMNS, bind)
}

/**
 * What of a clause its condition's text depends on (db/reused-select.ts): clauseShape's, and
 * beyond it the staleness levels asked for (written into the SQL) and whether a search looks
 * words up.
 */
export function dealClauseShape(clause: FilterClause): string {
  if (clause.field === 'staleness') return `staleness[${String(clause.value)}]`
  if (clause.field === 'name') {
    return searchWordPrefixes(String(clause.value)).length === 0 ? 'name.like' : 'name.words'
  }
  return clauseShape(clause)
}

/** The organisation's deals matching every clause of the deal list's filters. */
export function filteredDeals(organisationId: string, clauses: readonly FilterClause[]): SQL {
  return (
    and(
      eq(deals.organisationId, organisationId),
      ...clauses.map((clause) => clauseCondition(clause)),
    ) ?? sql`true`
  )
}

/**
 * Whether the clauses are a pipeline and a search by words alone: the deal table's search box.
 * The word index finds such a search's matches whatever the words, so its plan does not hang on
 * them (ADR 0039); with other filters, which index serves best depends on their values.
 */
export function searchesPipelineByWords(clauses: readonly FilterClause[]): boolean {
  return (
    clauses.length === 2 &&
    clauses.some((clause) => clause.field === 'pipeline_id' && clause.operator === 'eq') &&
    clauses.some((clause) => clause.field === 'name' && dealClauseShape(clause) === 'name.words')
  )
}

/** The pipeline when the only filter is `pipeline_id eq`: a whole pipeline's deals. */
export function wholePipelineOf(clauses: readonly FilterClause[]): string | undefined {
  const [only] = clauses
  return clauses.length === 1 && only?.field === 'pipeline_id' && only.operator === 'eq'
    ? String(only.value)
    : undefined
}
