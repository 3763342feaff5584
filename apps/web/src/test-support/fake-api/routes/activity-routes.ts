import {
  activityHealthQuerySchema,
  type ActivityHealthStats,
  activityHealthStatsSchema,
  type DealStageHistory,
  type PipelineDealActivity,
  pipelineActivityQuerySchema,
  pipelineActivityResponseSchema,
  stageHistoryBulkBodySchema,
  stageHistoryBulkQuerySchema,
  stageHistoryBulkResponseSchema,
} from '@dealcoach/contracts/deal-activity'
import { z } from 'zod'
import { answer, notFound, route } from '../fake-route'

// The recent-activity feed's reads (issue 13): a pipeline's activity a page of deals at a time,
// and the stage history of those deals.

export interface FakeActivityArea {
  /** Pipeline id → its deals' activity, as GET /v1/pipelines/{id}/activity answers them. */
  byPipeline: Record<string, PipelineDealActivity[]>
  /** Deal id → its stage changes, oldest first. */
  stageHistory: Record<string, DealStageHistory['history']>
  /** Pipeline id → its activity health; a pipeline not here answers no open deals. */
  health: Record<string, ActivityHealthStats>
  /** Pipeline id → owner id → that owner's activity health; an owner not here has no open deals. */
  ownerHealth: Record<string, Record<string, ActivityHealthStats>>
}

export const initialActivityArea = (): FakeActivityArea => ({
  byPipeline: {},
  stageHistory: {},
  health: {},
  ownerHealth: {},
})

const NO_DEALS = { active: 0, cooling: 0, stale: 0 }

const DAY_MS = 86_400_000
const idParams = z.object({ id: z.string() })

/** The deal's engagements in [start, end] (UTC days, inclusive), as the server keeps them. */
function inWindow(deal: PipelineDealActivity, start: string, end: string) {
  const from = Date.parse(`${start}T00:00:00Z`)
  const to = Date.parse(`${end}T00:00:00Z`) + DAY_MS
  const activity = deal.activity.filter((entry) => {
    const at = Date.parse(entry.engagement_timestamp)
    return at >= from && at < to
  })
  return { ...deal, activity }
}

const today = () => new Date().toISOString().slice(0, 10)
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10)

export const activityRoutes = [
  route('GET', '/v1/pipelines/:id/activity', {
    params: idParams,
    query: pipelineActivityQuerySchema,
    answers: { 200: pipelineActivityResponseSchema },
    handle: ({ params, query }, state) => {
      if (!state.pipelines.some((pipeline) => pipeline.id === params.id)) {
        return notFound('Pipeline')
      }
      const end = query.end_date ?? today()
      const start = query.start_date ?? daysBefore(end, 30)
      const deals = (state.activity.byPipeline[params.id] ?? [])
        .filter((deal) => !query.owner_id || deal.owner?.id === query.owner_id)
        .map((deal) => inWindow(deal, start, end))
        .filter((deal) => deal.activity.length > 0)
        .sort((a, b) => Date.parse(b.latest_activity_at) - Date.parse(a.latest_activity_at))
      const from = (query.page - 1) * query.per_page
      return answer(200, {
        models: deals.slice(from, from + query.per_page),
        pagination: { page: query.page, page_size: query.per_page, total: deals.length },
      })
    },
  }),
  route('GET', '/v1/pipelines/:id/activity-health-stats', {
    params: idParams,
    query: activityHealthQuerySchema,
    answers: { 200: activityHealthStatsSchema },
    handle: ({ params, query }, state) => {
      const pipeline = state.pipelines.find((candidate) => candidate.id === params.id)
      if (!pipeline) return notFound('Pipeline')
      const health = query.owner_id
        ? state.activity.ownerHealth[params.id]?.[query.owner_id]
        : state.activity.health[params.id]
      return answer(
        200,
        health ?? {
          pipeline_id: pipeline.id,
          total: 0,
          overall: NO_DEALS,
          stages: pipeline.stages.map((stage) => ({
            stage_id: stage.stage_id,
            name: stage.name,
            total: 0,
            counts: NO_DEALS,
          })),
        },
      )
    },
  }),
  route('POST', '/v1/deals/stage-history/bulk-get', {
    query: stageHistoryBulkQuerySchema,
    body: stageHistoryBulkBodySchema,
    answers: { 200: stageHistoryBulkResponseSchema },
    handle: ({ query, body }, state) => {
      const ofPipeline = new Set(
        (state.activity.byPipeline[query.pipeline_id ?? ''] ?? []).map((deal) => deal.deal_id),
      )
      return answer(200, {
        models: body
          .filter((dealId) => ofPipeline.has(dealId))
          .map((dealId) => ({
            deal_id: dealId,
            history: state.activity.stageHistory[dealId] ?? [],
          })),
      })
    },
  }),
]
