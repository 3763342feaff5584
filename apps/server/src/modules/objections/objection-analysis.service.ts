import type {
  CommonObjections,
  ObjectionAnalysisList,
  ObjectionHandlingStats,
} from '@dealcoach/contracts/objection-analysis'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { paginationOf } from '../../lib/pagination.js'
import { handlingCounts, rateOf, toObjectionAnalysis } from './objection-analysis.mappers.js'
import {
  type AnalysisListQuery,
  countByOwnerAndType,
  countByTypeAndBucket,
  countOutcomes,
  listAnalysisRows,
  listTypeNames,
  listUserNames,
  type ObjectionScope,
  type OutcomeCount,
  periodEdges,
  type TimeBound,
  type TrendInterval,
  type TypeBucketCount,
} from './objection-analysis.repository.js'

/** A report's scope before the caller's organisation is known. */
export type ObjectionFilters = Omit<ObjectionScope, 'organisationId'>

const DAY_MS = 86_400_000
/** A trend longer than this (a period opened far back) is drawn over the data's own range. */
const MAX_BUCKETS = 1000

/** The first day of the week (Monday, ISO 8601) or month `at` falls in, UTC. */
export function bucketStart(at: Date, interval: TrendInterval): Date {
  if (interval === 'month') return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate())
  return new Date(day - ((at.getUTCDay() + 6) % 7) * DAY_MS)
}

function nextBucket(start: Date, interval: TrendInterval): Date {
  if (interval === 'month') {
    return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1))
  }
  return new Date(start.getTime() + 7 * DAY_MS)
}

/** The period's last instant, as the trend's last bucket reads it. */
function lastInstant(period: readonly TimeBound[]): Date | undefined {
  const bound = period.find((candidate) => candidate.operator !== 'gte')
  if (!bound) return undefined
  if (bound.operator === 'lt') return new Date(bound.at.getTime() - 1)
  return bound.dateOnly ? new Date(bound.at.getTime() + DAY_MS - 1) : bound.at
}

function bucketsBetween(from: Date, to: Date, interval: TrendInterval): string[] {
  const starts: string[] = []
  for (
    let start = bucketStart(from, interval);
    start <= to && starts.length <= MAX_BUCKETS;
    start = nextBucket(start, interval)
  ) {
    starts.push(start.toISOString().slice(0, 10))
  }
  return starts
}

/**
 * Every bucket of the trend, empty ones too, so that each type's line has the same points: over
 * the period where it is given, the data's own first and last bucket where it is open.
 */
export function trendBuckets(
  period: readonly TimeBound[],
  counted: readonly string[],
  interval: TrendInterval,
): string[] {
  const sorted = [...counted].sort()
  const first = sorted[0]
  const last = sorted.at(-1)
  const dataFrom = first ? new Date(`${first}T00:00:00Z`) : undefined
  const dataTo = last ? new Date(`${last}T00:00:00Z`) : undefined
  const from = periodEdges(period).from ?? dataFrom
  const to = lastInstant(period) ?? dataTo
  if (!from || !to) return []
  const buckets = bucketsBetween(from, to, interval)
  if (buckets.length <= MAX_BUCKETS || !dataFrom || !dataTo) return buckets.slice(0, MAX_BUCKETS)
  return bucketsBetween(dataFrom, dataTo, interval)
}

interface Counts {
  raised: number
  handled: number
}

function addTo<K>(map: Map<K, Counts>, key: K, row: Counts) {
  const counts = map.get(key) ?? { raised: 0, handled: 0 }
  counts.raised += row.raised
  counts.handled += row.handled
  map.set(key, counts)
}

function trendOf(buckets: readonly string[], counts: ReadonlyMap<string, Counts>) {
  return buckets.map((start) => {
    const point = counts.get(start)
    return { start, ...handlingCounts(point?.raised ?? 0, point?.handled ?? 0) }
  })
}

function outcomeOf(rows: readonly OutcomeCount[]) {
  const sum = (keep: (row: OutcomeCount) => boolean) =>
    rows.filter(keep).reduce((total, row) => total + row.deals, 0)
  const deals = sum(() => true)
  const closed = sum((row) => row.status !== 'open')
  const won = sum((row) => row.status === 'won')
  const progressed = sum((row) => row.progressed)
  return {
    deals,
    closed,
    won,
    win_rate: rateOf(won, closed),
    progressed,
    progress_rate: rateOf(progressed, deals),
  }
}

const byRaised = <T extends { raised: number }>(a: T, b: T) => b.raised - a.raised

/**
 * Spec §7's objection analysis calls (issue 14) over the caller's organisation's objections,
 * rejected ones left out, read from the objection rollups (ADR 0011) where they answer. Members
 * see the organisation's figures as admins do: the reports are read-only.
 */
export function createObjectionAnalysisService({ db }: { db: Database }) {
  async function commonObjections(
    caller: AuthUser,
    filters: ObjectionFilters,
    interval: TrendInterval,
  ): Promise<CommonObjections> {
    const scope = { ...filters, organisationId: caller.organisationId }
    const [buckets, outcomes] = await Promise.all([
      countByTypeAndBucket(db, scope, interval),
      countOutcomes(db, scope),
    ])
    const perType = new Map<string, Counts>()
    const perBucket = new Map<string, Counts>()
    const perTypeBucket = new Map<string, Map<string, Counts>>()
    for (const row of buckets) {
      addTo(perType, row.objectionTypeId, row)
      addTo(perBucket, row.start, row)
      const ofType = perTypeBucket.get(row.objectionTypeId) ?? new Map<string, Counts>()
      addTo(ofType, row.start, row)
      perTypeBucket.set(row.objectionTypeId, ofType)
    }
    const starts = trendBuckets(
      filters.period,
      buckets.map((row: TypeBucketCount) => row.start),
      interval,
    )
    const types = await listTypeNames(db, caller.organisationId, [...perType.keys()])
    const raised = [...perType.values()].reduce((sum, counts) => sum + counts.raised, 0)
    const handled = [...perType.values()].reduce((sum, counts) => sum + counts.handled, 0)
    return {
      total: { ...handlingCounts(raised, handled), deals: outcomes.deals },
      interval,
      trend: trendOf(starts, perBucket),
      types: types
        .map((type) => {
          const counts = perType.get(type.id) ?? { raised: 0, handled: 0 }
          const ofType = outcomes.rows.filter((row) => row.objectionTypeId === type.id)
          return {
            objection_type_id: type.id,
            name: type.name,
            active: type.active,
            ...handlingCounts(counts.raised, counts.handled),
            share: rateOf(counts.raised, raised),
            deals: ofType.reduce((sum, row) => sum + row.deals, 0),
            trend: trendOf(starts, perTypeBucket.get(type.id) ?? new Map()),
            outcomes: {
              handled: outcomeOf(ofType.filter((row) => row.lastHandled)),
              not_handled: outcomeOf(ofType.filter((row) => !row.lastHandled)),
            },
          }
        })
        .sort((a, b) => byRaised(a, b) || a.name.localeCompare(b.name)),
    }
  }

  async function handlingStats(
    caller: AuthUser,
    filters: ObjectionFilters,
  ): Promise<ObjectionHandlingStats> {
    const scope = { ...filters, organisationId: caller.organisationId }
    const rows = await countByOwnerAndType(db, scope)
    const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))]
    const names = new Map(
      (await listUserNames(db, caller.organisationId, ownerIds)).map((user) => [
        user.id,
        user.name,
      ]),
    )
    const perOwner = new Map<string | null, Counts>()
    for (const row of rows) addTo(perOwner, row.ownerId, row)
    const reps = [...perOwner.entries()].map(([ownerId, counts]) => ({
      owner: ownerId === null ? null : { id: ownerId, name: names.get(ownerId) ?? '' },
      ...handlingCounts(counts.raised, counts.handled),
      types: rows
        .filter((row) => row.ownerId === ownerId)
        .map((row) => ({
          objection_type_id: row.objectionTypeId,
          ...handlingCounts(row.raised, row.handled),
        }))
        .sort((a, b) => byRaised(a, b) || a.objection_type_id.localeCompare(b.objection_type_id)),
    }))
    // Most met first; then by name, the unassigned last.
    reps.sort(
      (a, b) =>
        byRaised(a, b) ||
        (a.owner === null ? 1 : 0) - (b.owner === null ? 1 : 0) ||
        (a.owner?.name ?? '').localeCompare(b.owner?.name ?? ''),
    )
    const raised = rows.reduce((sum, row) => sum + row.raised, 0)
    const handled = rows.reduce((sum, row) => sum + row.handled, 0)
    return { total: handlingCounts(raised, handled), reps }
  }

  async function analysis(
    caller: AuthUser,
    filters: ObjectionFilters,
    query: AnalysisListQuery,
  ): Promise<ObjectionAnalysisList> {
    const scope = { ...filters, organisationId: caller.organisationId }
    const { rows, total } = await listAnalysisRows(db, scope, query)
    return { models: rows.map(toObjectionAnalysis), pagination: paginationOf(query.page, total) }
  }

  return { commonObjections, handlingStats, analysis }
}

export type ObjectionAnalysisService = ReturnType<typeof createObjectionAnalysisService>
