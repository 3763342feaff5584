import {
  ACTIVE_MAX_DAYS,
  COOLING_MAX_DAYS,
  type Staleness,
  STALENESS_LEVELS,
} from '@dealcoach/contracts/deals'
import type { Deal, DealStatus } from '@/entities/deal/api/types'
import { knownStageIds } from '@/entities/pipeline/lib/known-stage-ids'
import { isReversedRange, periodIsoDates, type Period } from '@/lib/dates/periods'

// The pipeline overview's filters (spec §2 search params) and how they become the deal list's
// query (spec §7), shared by the board's columns and the table.

export const DEAL_STATUSES: readonly DealStatus[] = ['open', 'won', 'lost']
export { STALENESS_LEVELS }

export interface DealFilters {
  /** Stage ids; absent means All Stages. */
  stages?: string[]
  searchQuery?: string
  period?: Period
  /** yyyy-MM-dd bounds of the close date, used as typed when the period is custom. */
  startDate?: string
  endDate?: string
  owner?: string
  statuses?: string[]
  /** How recently the deals saw activity (spec §7 staleness.in); absent means any. */
  staleness?: string[]
}

/** The filters that narrow the deals (everything but the pipeline and the view). */
export const FILTER_KEYS = [
  'stages',
  'searchQuery',
  'period',
  'startDate',
  'endDate',
  'owner',
  'statuses',
  'staleness',
] as const satisfies readonly (keyof DealFilters)[]

const isStatus = (value: string): value is DealStatus =>
  (DEAL_STATUSES as readonly string[]).includes(value)

/** The statuses the server knows; a hand-edited URL with others is read without them. */
export const validStatuses = (statuses: readonly string[] | undefined): DealStatus[] =>
  (statuses ?? []).filter(isStatus)

/** The staleness levels the server knows, in their usual order; others are read as absent. */
export const validStaleness = (levels: readonly string[] | undefined): Staleness[] =>
  STALENESS_LEVELS.filter((level) => levels?.includes(level) ?? false)

/**
 * The period the filters mean, spelled out as the period filter writes it: a preset with its dates
 * worked out afresh (a shared "this month" link means the reader's month; a stale link's dates are
 * replaced), all time with none, and dates without a period as custom dates, which they are (the
 * filter shows them as such). Custom keeps the dates as typed.
 */
export function periodOf(
  filters: Pick<DealFilters, 'period' | 'startDate' | 'endDate'>,
  today: Date = new Date(),
): Pick<DealFilters, 'period' | 'startDate' | 'endDate'> {
  const { period, startDate, endDate } = filters
  if (period === undefined && (startDate || endDate))
    return { period: 'custom', startDate, endDate }
  if (period === undefined || period === 'custom') return { period, startDate, endDate }
  const dates = periodIsoDates(period, today)
  return { period, startDate: dates?.startDate, endDate: dates?.endDate }
}

/**
 * The close-date bounds of the period the filters mean (periodOf). Typed dates that run backwards
 * (a hand-edited URL: the period filter applies none) are no bounds.
 */
export function closeDateBounds(
  filters: Pick<DealFilters, 'period' | 'startDate' | 'endDate'>,
  today: Date = new Date(),
): { gte?: string; lte?: string } {
  const { startDate, endDate } = periodOf(filters, today)
  if (isReversedRange(startDate, endDate)) return {}
  return {
    ...(startDate ? { gte: startDate } : {}),
    ...(endDate ? { lte: endDate } : {}),
  }
}

/** What the page knows can be filtered on: the shown pipeline's stages, the deal owners. */
export interface KnownFilterValues {
  stageIds: readonly string[]
  /** Every deal owner's id; undefined while not known (not loaded, or more than one page). */
  ownerIds?: readonly string[]
}

/**
 * The filters as the page shows them and asks for them: the period spelled out (periodOf), and
 * what cannot be a filter dropped (the list would answer 400, or nothing): stages that are not the
 * pipeline's (another pipeline's, a removed one), an owner who is not a deal owner (a removed
 * user), statuses a deal cannot have. Lists left empty are left out.
 */
export function knownDealFilters(
  filters: DealFilters,
  known: KnownFilterValues,
  today: Date = new Date(),
): DealFilters {
  const stages = filters.stages && knownStageIds(filters.stages, known.stageIds)
  const statuses = filters.statuses ? validStatuses(filters.statuses) : undefined
  const staleness = filters.staleness ? validStaleness(filters.staleness) : undefined
  const unknownOwner =
    filters.owner !== undefined &&
    known.ownerIds !== undefined &&
    !known.ownerIds.includes(filters.owner)
  return {
    ...filters,
    ...periodOf(filters, today),
    stages: stages && stages.length > 0 ? stages : undefined,
    owner: unknownOwner ? undefined : filters.owner,
    statuses: statuses && statuses.length > 0 ? statuses : undefined,
    staleness: staleness && staleness.length > 0 ? staleness : undefined,
  }
}

/** Whether anything narrows the list, so "no deals" means "none match" rather than "none yet". */
export function hasActiveFilters(filters: DealFilters): boolean {
  const { gte, lte } = closeDateBounds(filters)
  return Boolean(
    (filters.stages?.length ?? 0) > 0 ||
    filters.searchQuery ||
    filters.owner ||
    validStatuses(filters.statuses).length > 0 ||
    validStaleness(filters.staleness).length > 0 ||
    gte ||
    lte,
  )
}

/** Spec §7's deal-list query for the pipeline's deals under the filters; blank values are left out. */
export function dealListQuery(
  pipelineId: string,
  filters: DealFilters,
  today: Date = new Date(),
): URLSearchParams {
  const { gte, lte } = closeDateBounds(filters, today)
  const entries: [string, string | undefined][] = [
    ['pipelineId', pipelineId],
    ['stageIds', filters.stages?.join(',')],
    ['ownerId', filters.owner],
    ['closeDateGte', gte],
    ['closeDateLte', lte],
    ['statuses', validStatuses(filters.statuses).join(',')],
    ['staleness.in', validStaleness(filters.staleness).join(',')],
    ['searchQuery', filters.searchQuery],
  ]
  const query = new URLSearchParams()
  for (const [name, value] of entries) if (value) query.set(name, value)
  return query
}

const DAY_MS = 24 * 60 * 60 * 1000

/** DESIGN §5: active when the last activity is at most 7 days old, cooling to 21, else stale. */
export function dealStaleness(
  deal: Pick<Deal, 'last_activity_at'>,
  now: Date = new Date(),
): Staleness {
  if (!deal.last_activity_at) return 'stale'
  // As the server's list filter: elapsed time against whole-day spans, not calendar days.
  const elapsed = now.getTime() - new Date(deal.last_activity_at).getTime()
  if (elapsed <= ACTIVE_MAX_DAYS * DAY_MS) return 'active'
  return elapsed <= COOLING_MAX_DAYS * DAY_MS ? 'cooling' : 'stale'
}
