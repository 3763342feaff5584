import {
  actionCompletionStatsResponseSchema,
  type ActionProgress,
  type ActionStats,
  actionStatsQuerySchema,
  actionStatsResponseSchema,
  type ConfidenceStats,
  confidenceStatsResponseSchema,
  dealStatsQuerySchema,
} from '@dealcoach/contracts/deal-stats'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import type { Deal } from '@/entities/deal/api/types'
import { actionProgress } from '@/entities/deal/lib/action-status'
import type { FakeApiState } from '../fake-api-state'
import { answer, route } from '../fake-route'

// The dashboard's reports (issue 13), worked out from the fake's deals and their analyses the way
// the server reads its tables: filters in either spelling, the latest result per action, and
// confidence in ten-point bands.

type Query = Record<string, unknown>

const DEFAULT_LIMIT = 10
const DAY_MS = 86_400_000

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : (text(value)
        ?.split(',')
        .map((item) => item.trim())
        .filter(Boolean) ?? [])

/** The deals GET /v1/deals would list with the same filters. */
function matchingDeals(state: FakeApiState, q: Query, closePeriod: boolean): Deal[] {
  const pipelineId = text(q['pipeline_id.eq']) ?? text(q.pipelineId)
  const stages = list(q['stage_id.in'] ?? q.stageIds)
  const ownerId = text(q['owner_id.eq']) ?? text(q.ownerId)
  const statuses = list(q['status.in'] ?? q.statuses)
  const search = (text(q['name.ilike']) ?? text(q.searchQuery) ?? '').toLowerCase()
  const from =
    text(q['close_date.gte']) ??
    text(q.closeDateGte) ??
    (closePeriod ? text(q.start_date) : undefined)
  const to =
    text(q['close_date.lte']) ??
    text(q.closeDateLte) ??
    (closePeriod ? text(q.end_date) : undefined)
  return state.dealsArea.deals.filter(
    (deal) =>
      (!pipelineId || deal.pipeline_id === pipelineId) &&
      (stages.length === 0 || stages.includes(deal.stage_id)) &&
      (!ownerId || deal.owner_id === ownerId) &&
      (statuses.length === 0 || statuses.includes(deal.status)) &&
      (!from || (deal.close_date !== null && deal.close_date >= from)) &&
      (!to || (deal.close_date !== null && deal.close_date <= to)) &&
      (deal.name.toLowerCase().includes(search) ||
        (deal.account_name ?? '').toLowerCase().includes(search)),
  )
}

const limitOf = (q: Query) => Number(q.per_page ?? q.perPage ?? DEFAULT_LIMIT)

/** The deal's latest result for the action, read as spec §4 reads it; not_done without one. */
function progressOf(state: FakeApiState, deal: Deal, actionId: string): ActionProgress {
  const results = state.dealsArea.analyses[deal.id]?.action_results ?? []
  const latest = results.filter((result) => result.action_id === actionId).at(-1)
  return latest ? actionProgress(latest.status) : 'not_done'
}

function stagesOf(pipeline: Pipeline) {
  const staged = pipeline.stages.map((stage) => ({
    stage_id: stage.stage_id,
    name: stage.name,
    actions: pipeline.actions.filter((action) => action.stage_id === stage.stage_id),
  }))
  const loose = pipeline.actions.filter((action) => action.stage_id === null)
  return loose.length > 0 ? [...staged, { stage_id: null, name: null, actions: loose }] : staged
}

function actionStats(state: FakeApiState, q: Query): ActionStats {
  const deals = matchingDeals(state, q, true)
  const pipelineIds = new Set(deals.map((deal) => deal.pipeline_id))
  const pipelines = state.pipelines.filter((pipeline) => pipelineIds.has(pipeline.id))
  const stages = pipelines.flatMap((pipeline) => {
    const own = deals.filter((deal) => deal.pipeline_id === pipeline.id)
    return stagesOf(pipeline).map((stage) => ({
      stage_id: stage.stage_id,
      name: stage.name,
      actions: stage.actions.map((action) => {
        const counts = { completed: 0, pending: 0, ongoing: 0, not_done: 0 }
        for (const deal of own) counts[progressOf(state, deal, action.action_id)] += 1
        return { action_id: action.action_id, name: action.name, counts }
      }),
    }))
  })
  const actionId = text(q.action_id)
  const status = text(q.action_status) as ActionProgress | undefined
  const behind =
    actionId && status
      ? deals
          .filter((deal) => progressOf(state, deal, actionId) === status)
          .sort((a, b) => a.name.localeCompare(b.name))
      : null
  return {
    total_deals: deals.length,
    stages,
    cell:
      actionId && status && behind
        ? {
            action_id: actionId,
            action_status: status,
            total: behind.length,
            deal_ids: behind.slice(0, limitOf(q)).map((deal) => deal.id),
          }
        : null,
  }
}

function completionStats(state: FakeApiState, q: Query) {
  const start = text(q.start_date) ?? null
  const end = text(q.end_date) ?? null
  const daily =
    start !== null &&
    (Date.parse(end ?? new Date().toISOString().slice(0, 10)) - Date.parse(start)) / DAY_MS < 92
  const buckets = new Map<string, { completed: number; pending: number; ongoing: number }>()
  const perAction = new Map<
    string,
    { action_id: string; name: string; completed: number; total: number }
  >()
  for (const deal of matchingDeals(state, q, false)) {
    const analysis = state.dealsArea.analyses[deal.id]
    const day = analysis?.analysed_at?.slice(0, 10)
    if (!analysis || !day || (start && day < start) || (end && day > end)) continue
    const key = daily ? day : `${day.slice(0, 7)}-01`
    for (const result of analysis.action_results) {
      const progress = actionProgress(result.status)
      const bucket = buckets.get(key) ?? { completed: 0, pending: 0, ongoing: 0 }
      bucket[progress] += 1
      buckets.set(key, bucket)
      const action = perAction.get(result.action_id) ?? {
        action_id: result.action_id,
        name: result.action,
        completed: 0,
        total: 0,
      }
      action.total += 1
      if (progress === 'completed') action.completed += 1
      perAction.set(result.action_id, action)
    }
  }
  return {
    start_date: start,
    end_date: end,
    bucket: daily ? ('day' as const) : ('month' as const),
    series: [...buckets]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, counts]) => ({ date, ...counts })),
    actions: [...perAction.values()]
      .sort((a, b) => b.completed - a.completed || a.name.localeCompare(b.name))
      .slice(0, limitOf(q)),
  }
}

const BANDS = Array.from({ length: 10 }, (_, index) => ({
  from: index * 10,
  to: index === 9 ? 100 : index * 10 + 9,
}))
const bandOf = (confidence: number) => Math.min(9, Math.floor(confidence / 10))

function confidenceStats(state: FakeApiState, q: Query): ConfidenceStats {
  const deals = matchingDeals(state, q, true)
  const scored = deals.filter(
    (deal): deal is Deal & { confidence: number } => typeof deal.confidence === 'number',
  )
  const inBand = (index: number) => scored.filter((deal) => bandOf(deal.confidence) === index)
  return {
    total_deals: deals.length,
    analysed_deals: scored.length,
    average_confidence:
      scored.length === 0
        ? null
        : scored.reduce((sum, deal) => sum + deal.confidence, 0) / scored.length,
    distribution: BANDS.map((band, index) => ({ ...band, count: inBand(index).length })),
    at_risk: scored
      .filter((deal) => deal.status === 'open')
      .sort((a, b) => a.confidence - b.confidence || a.name.localeCompare(b.name))
      .slice(0, limitOf(q))
      .map((deal) => ({
        deal_id: deal.id,
        name: deal.name,
        stage_id: deal.stage_id,
        amount: deal.amount,
        close_date: deal.close_date,
        confidence: deal.confidence,
        top_factors: [...(state.dealsArea.analyses[deal.id]?.confidence?.factors ?? [])]
          .filter((factor) => factor.effect < 0)
          .sort((a, b) => a.effect - b.effect)
          .slice(0, 3),
      })),
    calibration: BANDS.map((band, index) => {
      const won = inBand(index).filter((deal) => deal.status === 'won').length
      const lost = inBand(index).filter((deal) => deal.status === 'lost').length
      return { ...band, won, lost, win_rate: won + lost === 0 ? null : won / (won + lost) }
    }),
  }
}

export const dealStatsRoutes = [
  route('GET', '/v1/deals/action-stats', {
    query: actionStatsQuerySchema,
    answers: { 200: actionStatsResponseSchema },
    handle: ({ query }, state) => answer(200, { data: actionStats(state, query) }),
  }),
  route('GET', '/v1/deals/action-completion-stats', {
    query: dealStatsQuerySchema,
    answers: { 200: actionCompletionStatsResponseSchema },
    handle: ({ query }, state) => answer(200, { data: completionStats(state, query) }),
  }),
  route('GET', '/v1/deals/confidence-stats', {
    query: dealStatsQuerySchema,
    answers: { 200: confidenceStatsResponseSchema },
    handle: ({ query }, state) => answer(200, { data: confidenceStats(state, query) }),
  }),
]
