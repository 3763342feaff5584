import type { ConfidenceFactor } from '@dealcoach/contracts/intelligence'
import {
  ACTION_PROGRESS,
  type ActionCompletionStats,
  type ActionProgress,
  type ActionProgressCounts,
  type ActionStats,
  CONFIDENCE_BAND_WIDTH,
  type ConfidenceStats,
} from '@dealcoach/contracts/deal-stats'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  countActionProgress,
  countByConfidenceBand,
  countDealsByPipeline,
  countResultsByAction,
  countResultsOverTime,
  dealScope,
  filteredDeals,
  listCellDeals,
  listCurrentFactors,
  listLeastConfident,
  listPlaybookActions,
  type PlaybookAction,
} from './deal-stats.repository.js'

/** What every stats call is asked: the deal filters and how long a list may be. */
export interface DealStatsQuery {
  clauses: readonly FilterClause[]
  limit: number
}

export interface ActionStatsQuery extends DealStatsQuery {
  cell?: { actionId: string; progress: ActionProgress }
}

export interface CompletionStatsQuery extends DealStatsQuery {
  /** yyyy-MM-dd, inclusive, UTC; either may be open. */
  startDate?: string
  endDate?: string
}

const DAY_MS = 86_400_000
/** Windows up to this long are bucketed by day, longer or open ones by month. */
const DAILY_MAX_DAYS = 92
/** Confidence factors shown per deal at risk. */
const TOP_FACTORS = 3

const emptyCounts = (): ActionProgressCounts => ({
  completed: 0,
  pending: 0,
  ongoing: 0,
  not_done: 0,
})

// Stored by our own engine, so a shape check is enough: a zod parse per factor of up to 999
// deals would sit on the stats call's hot path for nothing.
const isFactor = (value: unknown): value is ConfidenceFactor =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ConfidenceFactor).name === 'string' &&
  typeof (value as ConfidenceFactor).effect === 'number' &&
  typeof (value as ConfidenceFactor).detail === 'string'

/** The factors that lowered the confidence most, worst first. */
function topFactors(factors: readonly unknown[]): ConfidenceFactor[] {
  return factors
    .filter(isFactor)
    .filter((factor) => factor.effect < 0)
    .sort((a, b) => a.effect - b.effect)
    .slice(0, TOP_FACTORS)
    .map(({ name, effect, detail, params }) => ({ name, effect, detail, params }))
}

/** The playbook's actions grouped by stage, in order, each with its counts. */
function byStage(
  playbook: readonly PlaybookAction[],
  countsOf: (action: PlaybookAction) => ActionProgressCounts,
): ActionStats['stages'] {
  const stages: ActionStats['stages'] = []
  for (const action of playbook) {
    let stage = stages.at(-1)
    if (!stage || stage.stage_id !== action.stageId) {
      stage = { stage_id: action.stageId, name: action.stageName, actions: [] }
      stages.push(stage)
    }
    stage.actions.push({ action_id: action.actionId, name: action.name, counts: countsOf(action) })
  }
  return stages
}

function cellOf(
  asked: ActionStatsQuery['cell'],
  found: { total: number; dealIds: string[] } | null,
): ActionStats['cell'] {
  if (!asked || !found) return null
  return {
    action_id: asked.actionId,
    action_status: asked.progress,
    total: found.total,
    deal_ids: found.dealIds,
  }
}

/**
 * The dashboard's reports (spec §7, issue 13): playbook adherence, action results over time and
 * confidence, over the deals the deal list's filters select, always within the caller's
 * organisation.
 */
export function createDealStatsService({ db }: { db: Database }) {
  async function actionStats(caller: AuthUser, query: ActionStatsQuery): Promise<ActionStats> {
    const organisationId = caller.organisationId
    const scope = dealScope(organisationId, query.clauses)
    const [perPipeline, progress] = await Promise.all([
      countDealsByPipeline(db, scope),
      countActionProgress(db, scope),
    ])
    const dealsIn = new Map(perPipeline.map((row) => [row.pipelineId, row.total]))
    const playbook = await listPlaybookActions(db, organisationId, [...dealsIn.keys()])
    const counted = new Map<string, ActionProgressCounts>()
    for (const row of progress) {
      const counts = counted.get(row.actionId) ?? emptyCounts()
      counts[row.progress] += row.total
      counted.set(row.actionId, counts)
    }
    const countsOf = (action: PlaybookAction) => {
      const counts = { ...(counted.get(action.actionId) ?? emptyCounts()) }
      // Not done: the deals of the action's pipeline without any result for it.
      const withResult = ACTION_PROGRESS.reduce((sum, key) => sum + counts[key], 0)
      counts.not_done = (dealsIn.get(action.pipelineId) ?? 0) - withResult
      return counts
    }
    const cell = query.cell
      ? await listCellDeals(db, organisationId, scope.where, { ...query.cell, limit: query.limit })
      : null
    return {
      total_deals: perPipeline.reduce((sum, row) => sum + row.total, 0),
      stages: byStage(playbook, countsOf),
      cell: cellOf(query.cell, cell),
    }
  }

  async function completionStats(
    caller: AuthUser,
    query: CompletionStatsQuery,
  ): Promise<ActionCompletionStats> {
    const scope = dealScope(caller.organisationId, query.clauses)
    const from = query.startDate ? Date.parse(`${query.startDate}T00:00:00Z`) : undefined
    const to = query.endDate ? Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS : undefined
    const window = {
      ...(query.startDate && { from: query.startDate }),
      ...(to !== undefined && { to: new Date(to).toISOString().slice(0, 10) }),
    }
    const daily = from !== undefined && ((to ?? Date.now()) - from) / DAY_MS <= DAILY_MAX_DAYS
    const bucket = daily ? 'day' : 'month'
    const [overTime, perAction] = await Promise.all([
      countResultsOverTime(db, scope, window, bucket),
      countResultsByAction(db, scope, window, query.limit),
    ])
    const series = new Map<string, ActionCompletionStats['series'][number]>()
    for (const row of overTime) {
      const point = series.get(row.date) ?? { date: row.date, completed: 0, pending: 0, ongoing: 0 }
      if (row.progress !== 'not_done') point[row.progress] += row.total
      series.set(row.date, point)
    }
    return {
      start_date: query.startDate ?? null,
      end_date: query.endDate ?? null,
      bucket,
      series: [...series.values()],
      actions: perAction.map((row) => ({
        action_id: row.actionId,
        name: row.name,
        completed: row.completed,
        total: row.total,
      })),
    }
  }

  async function confidenceStats(
    caller: AuthUser,
    query: DealStatsQuery,
  ): Promise<ConfidenceStats> {
    const organisationId = caller.organisationId
    const where = filteredDeals(organisationId, query.clauses)
    const [bands, leastConfident] = await Promise.all([
      countByConfidenceBand(db, where),
      listLeastConfident(db, where, query.limit),
    ])
    const factors = new Map(
      (
        await listCurrentFactors(
          db,
          organisationId,
          leastConfident.map((deal) => deal.id),
        )
      ).map((row) => [row.dealId, row.factors]),
    )
    const bandsOf = Array.from({ length: 100 / CONFIDENCE_BAND_WIDTH }, (_, index) => ({
      from: index * CONFIDENCE_BAND_WIDTH,
      to: index === 100 / CONFIDENCE_BAND_WIDTH - 1 ? 100 : (index + 1) * CONFIDENCE_BAND_WIDTH - 1,
    }))
    const analysed = bands.filter((row) => row.band !== null)
    const inBand = (index: number, status?: string) =>
      analysed
        .filter((row) => row.band === index && (status === undefined || row.status === status))
        .reduce((sum, row) => sum + row.total, 0)
    const analysedDeals = analysed.reduce((sum, row) => sum + row.total, 0)
    const confidenceSum = analysed.reduce((sum, row) => sum + row.sum, 0)
    return {
      total_deals: bands.reduce((sum, row) => sum + row.total, 0),
      analysed_deals: analysedDeals,
      average_confidence:
        analysedDeals > 0 ? Math.round((confidenceSum / analysedDeals) * 10) / 10 : null,
      distribution: bandsOf.map((range, index) => ({ ...range, count: inBand(index) })),
      at_risk: leastConfident.map((deal) => ({
        deal_id: deal.id,
        name: deal.name,
        stage_id: deal.stageId,
        amount: deal.amount === null ? null : Number(deal.amount),
        close_date: deal.closeDate,
        confidence: deal.confidence,
        top_factors: topFactors(factors.get(deal.id) ?? []),
      })),
      calibration: bandsOf.map((range, index) => {
        const won = inBand(index, 'won')
        const lost = inBand(index, 'lost')
        return {
          ...range,
          won,
          lost,
          win_rate: won + lost > 0 ? Math.round((won / (won + lost)) * 1000) / 1000 : null,
        }
      }),
    }
  }

  return { actionStats, completionStats, confidenceStats }
}

export type DealStatsService = ReturnType<typeof createDealStatsService>
