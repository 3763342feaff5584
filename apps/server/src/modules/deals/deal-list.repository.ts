import {
  COOLING_MAX_DAYS,
  DEALS_DEFAULT_PAGE_SIZE,
  DEALS_MAX_PAGE_SIZE,
  type DealOrder,
  type DealOrderField,
  type Staleness,
} from '@dealcoach/contracts/deals'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import {
  and,
  asc,
  type Column,
  desc,
  eq,
  getTableColumns,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/client.js'
import { literalLimit, preparedStatement } from '../../db/prepared-statements.js'
import { type PreparableSelect, runReusedSelect, StatementValues } from '../../db/reused-select.js'
import { isoFromUtcText } from '../../lib/iso-time.js'
import { dealStageHistory, deals, stageDealCounts } from '../../db/schema/deals.js'
import { pipelines, stages } from '../../db/schema/pipelines.js'
import { anyOfPlaceholder } from '../../db/uuid-any.js'
import { pageWindow, type PageOf, type PageRequest } from '../../lib/pagination.js'
import {
  DEAL_COLUMNS,
  type DealRow,
  countPipelineDeals,
  keptDealCount,
  type StageHistoryRow,
} from './deals.repository.js'
import {
  clauseCondition,
  daysAgo,
  dealClauseShape,
  searchesDeals,
  searchesPipelineByWords,
  stalenessCondition,
  wholePipelineOf,
} from './deal-filter-sql.js'

// The deal filters' SQL moved to deal-filter-sql.ts; the deals module's repositories still find
// it here.
export { clauseCondition, stalenessCondition }

/** A listed deal: its row, with its times as the ISO 8601 text the answer carries. */
export type ListedDealRow = Omit<DealRow, 'lastActivityAt' | 'createdAt' | 'updatedAt'> & {
  lastActivityAt: string | null
  createdAt: string
  updatedAt: string
}

/** A time column read as UTC text and written as ISO 8601 (lib/iso-time.ts). */
function isoText(column: Column): SQL<string> {
  return sql`(${column} at time zone 'UTC')::text`.mapWith(isoFromUtcText)
}

/**
 * The deals table's columns with its times as ISO text. NULL never reaches `mapWith`'s decoder,
 * so a deal without activity keeps null.
 */
const LISTED_COLUMNS = {
  ...DEAL_COLUMNS,
  lastActivityAt: isoText(deals.lastActivityAt) as SQL<string | null>,
  createdAt: isoText(deals.createdAt),
  updatedAt: isoText(deals.updatedAt),
}

/** The deal list's query once parsed: filters in the grammar's form, an order and a page. */
export interface DealRowsQuery {
  clauses: readonly FilterClause[]
  order?: DealOrder
  page: PageRequest
}

const ORDER_COLUMNS: Readonly<Record<DealOrderField, Column>> = {
  name: deals.name,
  amount: deals.amount,
  close_date: deals.closeDate,
  last_activity_at: deals.lastActivityAt,
  confidence: deals.confidence,
  created_at: deals.createdAt,
}

/**
 * The column a field's order groups by before its own, ascending either way: amounts by their
 * currency, as amounts in different currencies do not compare (ADR 0037).
 */
const GROUP_COLUMNS: Readonly<Partial<Record<DealOrderField, Column>>> = {
  amount: deals.currency,
}

/** The column a page is sorted by first: the asked one, or the last activity (newest first). */
function sortColumn(order: DealOrder | undefined): Column {
  return order ? ORDER_COLUMNS[order.field] : deals.lastActivityAt
}

/** The column the order groups by before its sort column, if any. */
function groupColumn(order: DealOrder | undefined): Column | undefined {
  return order ? GROUP_COLUMNS[order.field] : undefined
}

/** What a page is ordered by: its group and sort columns, then the newest deal, then the id. */
interface OrderColumns {
  groupKey?: Column | SQL.Aliased
  sortKey: Column | SQL.Aliased
  createdAt: Column
  id: Column
}

/** The order's terms; `backwards` is its exact reverse, which an index walked backwards gives. */
function orderBy(order: DealOrder | undefined, columns: OrderColumns, backwards = false): SQL[] {
  if (order?.field === 'created_at') return ageOrder(order.descending !== backwards, columns)
  const descending = !order || order.descending
  const { groupKey } = columns
  if (backwards) {
    return [
      ...(groupKey ? [sql`${groupKey} desc nulls first`] : []),
      sql`${columns.sortKey} ${descending ? sql`asc` : sql`desc`} nulls first`,
      asc(columns.createdAt),
      asc(columns.id),
    ]
  }
  return [
    ...(groupKey ? [sql`${groupKey} asc nulls last`] : []),
    sql`${columns.sortKey} ${descending ? sql`desc` : sql`asc`} nulls last`,
    desc(columns.createdAt),
    desc(columns.id),
  ]
}

/**
 * The deals' age is its own tie-breaker: deals added together (an import's, in one transaction)
 * share their time and go by id, the same way, so that one index serves the order both ways.
 */
function ageOrder(descending: boolean, columns: OrderColumns): SQL[] {
  const direction = descending ? desc : asc
  return [direction(columns.createdAt), direction(columns.id)]
}

function orderOf(order: DealOrder | undefined, backwards = false): SQL[] {
  const columns = {
    groupKey: groupColumn(order),
    sortKey: sortColumn(order),
    createdAt: deals.createdAt,
    id: deals.id,
  }
  return orderBy(order, columns, backwards)
}

/** A listed deal as the page's statement reads it: with how many deals match in all. */
type CountedDealRow = ListedDealRow & { matching: number }

/**
 * How many deals match, as a select of one `total`. A whole pipeline's (or organisation's) deals
 * — no `filter` beyond the pipeline — are read off the kept counts: counting 100,000 index
 * entries per request was the list's floor (docs/benchmarks.md).
 */
function dealCount(
  db: Database,
  organisationId: string | Placeholder,
  pipelineId: string | Placeholder | undefined,
  filter: SQL | undefined,
) {
  return pipelineId !== undefined || filter === undefined
    ? keptDealCount(db, organisationId, pipelineId)
    : db
        .select({ total: sql<number>`count(*)::int` })
        .from(deals)
        .where(filter)
}

/**
 * How many deals match, as a column of the page's own statement: one round trip to PostgreSQL
 * per page instead of two (the page and its count side by side cost a second pooled connection,
 * statement and socket write each, about a fifth of the filtered list's CPU in the API and in
 * PostgreSQL; docs/benchmarks.md). Uncorrelated, so PostgreSQL runs it once per statement, not
 * per row.
 */
function matchingCount(
  db: Database,
  organisationId: string | Placeholder,
  pipelineId: string | Placeholder | undefined,
  filter: SQL | undefined,
): SQL<number> {
  return sql`(${dealCount(db, organisationId, pipelineId, filter)})`.mapWith(Number)
}

/** A page of the organisation's deals matching every clause, in the asked order. */
export async function listDealRows(
  db: Database,
  organisationId: string,
  query: DealRowsQuery,
): Promise<PageOf<ListedDealRow>> {
  const window = pageWindow(query.page)
  const { limit, offset } = window
  const pipelineId = wholePipelineOf(query.clauses)
  const prepared =
    pipelineId !== undefined && offset === 0 ? preparedFirstPage(db, query.order, limit) : null
  const rows = prepared
    ? await prepared.execute({ organisationId, pipelineId })
    : await builtPage(db, organisationId, query, window, pipelineId)
  return countedPage(rows, offset, async () => {
    if (pipelineId !== undefined) return countPipelineDeals(db, organisationId, pipelineId)
    const filter = and(
      eq(deals.organisationId, organisationId),
      ...query.clauses.map((clause) => clauseCondition(clause)),
    )
    const [counted] = await dealCount(db, organisationId, undefined, filter)
    return counted?.total ?? 0
  })
}

/**
 * Any page but a whole pipeline's first: its statement is built once per shape — the page's kind,
 * its order and its clauses' shapes — and run with this request's values (db/reused-select.ts).
 * Every value is bound before the kind is chosen and built, in the same order for the same shape.
 */
async function builtPage(
  db: Database,
  organisationId: string,
  query: DealRowsQuery,
  { limit, offset }: { limit: number; offset: number },
  pipelineId: string | undefined,
): Promise<CountedDealRow[]> {
  const { order, clauses } = query
  const values = new StatementValues()
  const organisation = values.bind(organisationId)
  const where = and(
    eq(deals.organisationId, organisation),
    ...clauses.map((clause) => clauseCondition(clause, values.bind)),
  )
  const run = (kind: string, build: () => PreparableDealPage, named = false) =>
    runReusedSelect(db, pageShape(kind, order, clauses), values, build, { named })

  // The count's SQL is built only for a statement that is: a search's page counts its own way.
  if (searchesDeals(clauses)) {
    const span = { limit: values.bind(limit), offset: values.bind(offset), backwards: false }
    // Planning the word search's statement cost as much as running it for a few thousand matches.
    const named = searchesPipelineByWords(clauses)
    return run('searched', () => searchedPage(db, where, order, span), named)
  }
  if (offset < DEFERRED_JOIN_OFFSET || pipelineId === undefined) {
    const counted = pipelineId === undefined ? undefined : values.bind(pipelineId)
    const filter = clauses.length === 0 ? undefined : where
    const span = { limit: values.bind(limit), offset: values.bind(offset), backwards: false }
    const kind = offset < DEFERRED_JOIN_OFFSET ? 'plain' : 'deferred'
    return run(kind, () => {
      const matching = matchingCount(db, organisation, counted, filter)
      return (kind === 'plain' ? plainPage : deferredPage)(db, where, order, span, matching)
    })
  }
  // A whole pipeline's deep page: its kept count, read once, places the page and is its total.
  const total = await countPipelineDeals(db, organisationId, pipelineId)
  const matching = values.bind(total)
  const { backwards, ...span } = deepPipelineSpan(total, { limit, offset })
  const bound = { limit: values.bind(span.limit), offset: values.bind(span.offset), backwards }
  // Near the far end the backward walk is as short as a first page's: read it as one.
  const kind = span.offset < DEFERRED_JOIN_OFFSET ? 'plain' : 'deferred'
  const rows = await run(`deep-${kind}${backwards ? '-backwards' : ''}`, () =>
    (kind === 'plain' ? plainPage : deferredPage)(
      db,
      where,
      order,
      bound,
      sql<number>`${matching}::int`.mapWith(Number),
    ),
  )
  // A plain page walked backwards comes last row first; a deferred one is ordered as asked.
  return kind === 'plain' && backwards ? rows.reverse() : rows
}

/** What a built page's SQL text depends on (db/reused-select.ts). */
function pageShape(
  kind: string,
  order: DealOrder | undefined,
  clauses: readonly FilterClause[],
): string {
  const ordered = order ? `${order.field}.${order.descending ? 'desc' : 'asc'}` : 'default'
  return ['deal-page', kind, ordered, ...clauses.map(dealClauseShape)].join('|')
}

/**
 * A page whose rows carry how many deals match. A page without rows has no count: on the first
 * page nothing matches, and past it `count` says how many do.
 */
async function countedPage(
  rows: CountedDealRow[],
  offset: number,
  count: () => Promise<number>,
): Promise<PageOf<ListedDealRow>> {
  const first = rows[0]
  if (first) return { rows, total: first.matching }
  return { rows, total: offset === 0 ? 0 : await count() }
}

/** The page sizes the screens ask for (spec §9: 30 by default, 100 for a pipeline's deals). */
const PREPARED_PAGE_SIZES: ReadonlySet<number> = new Set([
  DEALS_DEFAULT_PAGE_SIZE,
  DEALS_MAX_PAGE_SIZE,
])

/**
 * The first page of a whole pipeline, the busiest list there is, as a named prepared statement,
 * one per order and page size, for the page sizes the screens use (other sizes would each be one
 * more statement kept on every connection). Planning took about half of PostgreSQL's time for
 * the page (docs/benchmarks.md). Its best plan walks the order's index whatever the ids are.
 */
function preparedFirstPage(db: Database, order: DealOrder | undefined, limit: number) {
  if (!PREPARED_PAGE_SIZES.has(limit)) return null
  const orderName = order ? `${order.field}_${order.descending ? 'desc' : 'asc'}` : 'default'
  return preparedStatement(db, `deals_first_page_${orderName}_${limit}`, (name) =>
    db
      .select({
        ...LISTED_COLUMNS,
        matching: matchingCount(
          db,
          sql.placeholder('organisationId'),
          sql.placeholder('pipelineId'),
          undefined,
        ),
      })
      .from(deals)
      .where(
        and(
          eq(deals.organisationId, sql.placeholder('organisationId')),
          eq(deals.pipelineId, sql.placeholder('pipelineId')),
        ),
      )
      .orderBy(...orderOf(order))
      .limit(literalLimit(limit))
      .prepare(name),
  )
}

/**
 * From this offset on, a page is read by a deferred join. Near the top a plain index scan that
 * stops at the page is cheaper (0.2 ms against 3.8 ms for the first page, docs/benchmarks.md).
 */
const DEFERRED_JOIN_OFFSET = 1_000

/** The rows of the ordered deals a page holds; `backwards`: counted from the last one. */
interface PageSpan {
  limit: number
  offset: number
  backwards: boolean
}

/** A page's span as its statement's placeholders (db/reused-select.ts). */
interface BoundSpan {
  limit: Placeholder
  offset: Placeholder
  backwards: boolean
}

/** A page's select, built once for its shape and prepared as the unnamed statement. */
type PreparableDealPage = PreparableSelect<CountedDealRow[]>

/**
 * Where a deep page of a whole pipeline of `total` deals is read from. Past the middle it is
 * counted from the far end and the order index is walked backwards: the last page of 100,000 deals
 * walks 100 index entries instead of 99,900. The pipeline's kept count, read just before, says
 * where the middle is; a deal added or removed between the two statements moves the page by as
 * much as it would a moment later.
 */
function deepPipelineSpan(
  total: number,
  { limit, offset }: { limit: number; offset: number },
): PageSpan {
  const offsetFromEnd = total - offset - limit
  if (offsetFromEnd >= offset) return { limit, offset, backwards: false }
  // The last page may be short: only the deals from `offset` on.
  return {
    limit: Math.max(0, Math.min(limit, total - offset)),
    offset: Math.max(0, offsetFromEnd),
    backwards: true,
  }
}

/**
 * A page near either end read as it is: the order index walked to the page (backwards from the
 * far end: the caller puts the rows back in the order asked for), or the few matches sorted.
 */
function plainPage(
  db: Database,
  where: SQL | undefined,
  order: DealOrder | undefined,
  { limit, offset, backwards }: BoundSpan,
  matching: SQL<number>,
) {
  return db
    .select({ ...LISTED_COLUMNS, matching })
    .from(deals)
    .where(where)
    .orderBy(...orderOf(order, backwards))
    .limit(limit)
    .offset(offset)
}

/**
 * A page by a deferred join: the page's ids are found and ordered first, from an order index
 * alone (an index-only walk past a deep page's offset, from whichever end is nearer), and only
 * the page's rows are then read for the listed columns, in the order asked for.
 */
function deferredPage(
  db: Database,
  where: SQL | undefined,
  order: DealOrder | undefined,
  { limit, offset, backwards }: BoundSpan,
  matching: SQL<number>,
) {
  const pageIds = db
    .select({ pageId: deals.id })
    .from(deals)
    .where(where)
    .orderBy(...orderOf(order, backwards))
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .select({ ...LISTED_COLUMNS, matching })
    .from(deals)
    .innerJoin(pageIds, eq(deals.id, pageIds.pageId))
    .orderBy(...orderOf(order))
}

/**
 * A search's page. Its matches come from the word or trigram index in no order, each checked
 * against its row, so all of them are read and sorted whatever the page: they are found once, as
 * a common table expression that the page and the count both read (PostgreSQL materialises one
 * referenced twice), instead of once for each ("account 42", 2,220 matches: 3.7 → 2.8 ms for the
 * statement, docs/benchmarks.md). The page's ids are then sorted from the matches' order columns
 * alone and only its rows are read whole: read whole, every match had its listed columns (three
 * times written as text among them) computed before the sort kept 100 (ADR 0029).
 */
function searchedPage(
  db: Database,
  where: SQL | undefined,
  order: DealOrder | undefined,
  { limit, offset }: BoundSpan,
) {
  const group = groupColumn(order)
  const matches = db.$with('matches').as(
    db
      .select({
        id: deals.id,
        ...(group ? { groupKey: sql`${group}`.as('group_key') } : {}),
        sortKey: sql`${sortColumn(order)}`.as('sort_key'),
        createdAt: deals.createdAt,
      })
      .from(deals)
      .where(where),
  )
  const pageIds = db
    .select({ pageId: matches.id })
    .from(matches)
    .orderBy(...orderBy(order, matches))
    .limit(limit)
    .offset(offset)
    .as('page')
  return db
    .with(matches)
    .select({
      ...LISTED_COLUMNS,
      matching: sql<number>`(select count(*)::int from ${matches})`.mapWith(Number),
    })
    .from(deals)
    .innerJoin(pageIds, eq(deals.id, pageIds.pageId))
    .orderBy(...orderOf(order))
}

const fromStage = alias(stages, 'from_stage')
const toStage = alias(stages, 'to_stage')
// Scoped like every tenant read, though a stage id alone finds the organisation's stage.
const FROM_STAGE_OF_CHANGE = and(
  eq(fromStage.id, dealStageHistory.fromStageId),
  eq(fromStage.organisationId, dealStageHistory.organisationId),
)
const TO_STAGE_OF_CHANGE = and(
  eq(toStage.id, dealStageHistory.toStageId),
  eq(toStage.organisationId, dealStageHistory.organisationId),
)
/** A change's stages by name: a live stage's own, a removed one's as the change kept it. */
const STAGE_NAMES = {
  fromStageName: sql<
    string | null
  >`coalesce(${fromStage.name}, ${dealStageHistory.fromStageName})`.as('from_stage_name'),
  toStageName: sql<string | null>`coalesce(${toStage.name}, ${dealStageHistory.toStageName})`.as(
    'to_stage_name',
  ),
}

/**
 * The stage changes of the deals, oldest first, each stage with its name: a live stage's from
 * `stages` (a read-only join into the pipelines area, ADR 0007: the names of the ids the rows
 * hold), a removed stage's as the row kept it (ADR 0034).
 */
export async function listStageHistories(
  db: Database,
  organisationId: string,
  dealIds: readonly string[],
): Promise<StageHistoryRow[]> {
  if (dealIds.length === 0) return []
  const statement = preparedStatement(db, 'stage_histories_by_deal_ids', (name) =>
    db
      .select({
        ...getTableColumns(dealStageHistory),
        ...STAGE_NAMES,
      })
      .from(dealStageHistory)
      .leftJoin(fromStage, FROM_STAGE_OF_CHANGE)
      .leftJoin(toStage, TO_STAGE_OF_CHANGE)
      .where(
        and(
          eq(dealStageHistory.organisationId, sql.placeholder('organisationId')),
          anyOfPlaceholder(dealStageHistory.dealId, 'dealIds'),
        ),
      )
      .orderBy(asc(dealStageHistory.changedAt), asc(dealStageHistory.id))
      .prepare(name),
  )
  return statement.execute({ organisationId, dealIds: [...dealIds] })
}

/** Which of the asked ids are the pipeline's deals, and their stage changes. */
export interface PipelineStageHistories {
  dealIds: Set<string>
  changes: StageHistoryRow[]
}

/**
 * `listStageHistories` for the deals among `dealIds` that are the pipeline's, with the pipeline's
 * check, in one statement: the pipeline's row (none: not found), left-joined to those deals
 * (none: the pipeline has none of them), left-joined to their changes (none: never moved). One
 * statement instead of three side by side halved what PostgreSQL and the server spent on a board
 * page's histories (docs/benchmarks.md). Undefined when the organisation has no such pipeline.
 * The pipeline's row is a read-only join into the pipelines area (ADR 0007), for that saving.
 */
export async function listPipelineStageHistories(
  db: Database,
  organisationId: string,
  pipelineId: string,
  dealIds: readonly string[],
): Promise<PipelineStageHistories | undefined> {
  const statement = preparedStatement(db, 'pipeline_stage_histories_by_deal_ids', (name) =>
    db
      .select({
        pipelineDealId: deals.id,
        ...getTableColumns(dealStageHistory),
        ...STAGE_NAMES,
      })
      .from(pipelines)
      .leftJoin(
        deals,
        and(
          eq(deals.organisationId, pipelines.organisationId),
          eq(deals.pipelineId, pipelines.id),
          anyOfPlaceholder(deals.id, 'dealIds'),
        ),
      )
      .leftJoin(
        dealStageHistory,
        and(
          eq(dealStageHistory.organisationId, deals.organisationId),
          eq(dealStageHistory.dealId, deals.id),
        ),
      )
      .leftJoin(fromStage, FROM_STAGE_OF_CHANGE)
      .leftJoin(toStage, TO_STAGE_OF_CHANGE)
      .where(
        and(
          eq(pipelines.organisationId, sql.placeholder('organisationId')),
          eq(pipelines.id, sql.placeholder('pipelineId')),
        ),
      )
      .orderBy(asc(dealStageHistory.changedAt), asc(dealStageHistory.id))
      .prepare(name),
  )
  const rows = await statement.execute({ organisationId, pipelineId, dealIds: [...dealIds] })
  if (rows.length === 0) return undefined
  const found = new Set<string>()
  const changes: StageHistoryRow[] = []
  for (const { pipelineDealId, ...change } of rows) {
    if (pipelineDealId === null) continue
    found.add(pipelineDealId)
    // A change's id is present exactly when the left join found the change, and with it every
    // column its row requires.
    if (change.id !== null) changes.push(change as StageHistoryRow)
  }
  return { dealIds: found, changes }
}

/**
 * How many open deals of the pipeline each stage holds at each staleness level. Each stage's
 * open total comes from stage_deal_counts and only the last 21 days' deals are read (an index
 * range), so the cost follows the recent deals, not every open one (ADR 0021): stale is the
 * rest, deals never active included. One statement, so the totals and the recent deals are read
 * in one snapshot and a deal written meanwhile cannot make a count negative.
 */
export async function countOpenDealsByStaleness(
  db: Database,
  organisationId: string,
  pipelineId: string,
): Promise<({ stageId: string } & Record<Staleness, number>)[]> {
  const recent = db
    .select({
      stageId: deals.stageId,
      active: sql<number>`(count(*) filter (where ${stalenessCondition('active')}))::int`.as(
        'active',
      ),
      lately: sql<number>`count(*)::int`.as('lately'),
    })
    .from(deals)
    .where(
      and(
        eq(deals.organisationId, organisationId),
        eq(deals.pipelineId, pipelineId),
        eq(deals.status, 'open'),
        sql`${deals.lastActivityAt} >= ${daysAgo(COOLING_MAX_DAYS)}`,
      ),
    )
    .groupBy(deals.stageId)
    .as('recent')
  const rows = await db
    .select({
      stageId: stageDealCounts.stageId,
      total: stageDealCounts.dealCount,
      active: sql<number>`coalesce(${recent.active}, 0)`,
      lately: sql<number>`coalesce(${recent.lately}, 0)`,
    })
    .from(stageDealCounts)
    .leftJoin(recent, eq(recent.stageId, stageDealCounts.stageId))
    .where(
      and(
        eq(stageDealCounts.organisationId, organisationId),
        eq(stageDealCounts.pipelineId, pipelineId),
        eq(stageDealCounts.status, 'open'),
      ),
    )
  return rows.map(({ stageId, total, active, lately }) => ({
    stageId,
    active,
    cooling: lately - active,
    stale: total - lately,
  }))
}

/**
 * One owner's open deals of a pipeline by stage and staleness level. The rollup behind
 * countOpenDealsByStaleness has no owner, so these are counted from the deals themselves: an
 * owner's share of a pipeline, found through deals_owner_activity_idx.
 */
export async function countOwnerOpenDealsByStaleness(
  db: Database,
  organisationId: string,
  pipelineId: string,
  ownerId: string,
): Promise<({ stageId: string } & Record<Staleness, number>)[]> {
  const level = (of: Staleness) =>
    sql<number>`(count(*) filter (where ${stalenessCondition(of)}))::int`
  return db
    .select({
      stageId: deals.stageId,
      active: level('active'),
      cooling: level('cooling'),
      stale: level('stale'),
    })
    .from(deals)
    .where(
      and(
        eq(deals.organisationId, organisationId),
        eq(deals.pipelineId, pipelineId),
        eq(deals.ownerId, ownerId),
        eq(deals.status, 'open'),
      ),
    )
    .groupBy(deals.stageId)
}
