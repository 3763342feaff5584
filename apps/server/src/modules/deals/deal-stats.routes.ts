import {
  actionCompletionStatsResponseSchema,
  actionStatsQuerySchema,
  actionStatsResponseSchema,
  type ActionProgress,
  confidenceStatsResponseSchema,
  DEAL_STATS_DEFAULT_PAGE_SIZE,
  DEAL_STATS_MAX_PAGE_SIZE,
  dealStatsQuerySchema,
} from '@dealcoach/contracts/deal-stats'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { type DealsQuery, toDealListQuery } from './deal-list-query.js'
import type { DealStatsService } from './deal-stats.service.js'

const FILTERS_NOTE =
  'The deals are those GET /v1/deals would list with the same filters, in either spelling (pipelineId or pipeline_id.eq, stageIds or stage_id.in, ownerId, closeDateGte/closeDateLte or close_date.gte/.lte, statuses or status.in, staleness.in, searchQuery or name.ilike). An unknown filter, a malformed date or id, or end_date before start_date is a 400 naming the parameter. Another organisation’s pipeline selects no deals.'

interface StatsQuery extends DealsQuery {
  start_date?: string
  end_date?: string
  per_page?: number
  perPage?: number
}

/** The filters as the deal list reads them; the stats have no page, only a list size. */
const clausesOf = (query: StatsQuery) => toDealListQuery({ ...query, page: 1 }).clauses
const limitOf = (query: StatsQuery) =>
  query.per_page ?? query.perPage ?? DEAL_STATS_DEFAULT_PAGE_SIZE

/** Where start_date/end_date are the dashboard's period of close dates (close_date.gte/.lte). */
const withClosePeriod = (query: StatsQuery): StatsQuery => ({
  ...query,
  closeDateGte: query.closeDateGte ?? query.start_date,
  closeDateLte: query.closeDateLte ?? query.end_date,
})

/** GET /v1/deals/*-stats: the dashboard's reports (spec §7). */
export const dealStatsRoutes: FastifyPluginAsyncZod<{ dealStats: DealStatsService }> = async (
  app,
  { dealStats },
) => {
  app.get(
    '/v1/deals/action-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Playbook adherence: per stage and action, how far the deals got with it',
        description: `For each action of the pipelines of the matching deals (in stage order), how many of those deals’ latest result for it reads completed, pending or ongoing (spec §4’s reading of the status text), and how many of that pipeline’s deals have no result (not_done). start_date/end_date are the period of close dates (as close_date.gte/.lte, which win). With action_id and action_status, cell lists the deals behind that cell, by name, at most per_page (default ${DEAL_STATS_DEFAULT_PAGE_SIZE}, up to ${DEAL_STATS_MAX_PAGE_SIZE}). ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: actionStatsQuerySchema,
        response: { 200: actionStatsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = withClosePeriod(request.query as StatsQuery)
      const { action_id: actionId, action_status: progress } = request.query as {
        action_id?: string
        action_status?: ActionProgress
      }
      const data = await dealStats.actionStats(requireUser(request), {
        clauses: clausesOf(query),
        limit: limitOf(query),
        ...(actionId && progress && { cell: { actionId, progress } }),
      })
      return { data }
    },
  )

  app.get(
    '/v1/deals/action-completion-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Action results over time: completed, pending and ongoing per day or month',
        description: `Counts the action results the analysis found for the matching deals between start_date and end_date (yyyy-MM-dd, inclusive, UTC; either may be left open), per day when the window is closed at the start and spans at most 92 days, otherwise per month; buckets without results are left out. actions totals the window per action, most completed first, at most per_page (default ${DEAL_STATS_DEFAULT_PAGE_SIZE}, up to ${DEAL_STATS_MAX_PAGE_SIZE}). ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: dealStatsQuerySchema,
        response: { 200: actionCompletionStatsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as StatsQuery
      const data = await dealStats.completionStats(requireUser(request), {
        clauses: clausesOf(query),
        limit: limitOf(query),
        ...(query.start_date && { startDate: query.start_date }),
        ...(query.end_date && { endDate: query.end_date }),
      })
      return { data }
    },
  )

  app.get(
    '/v1/deals/confidence-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Confidence: its distribution, the deals most at risk, and against outcomes',
        description: `Over the matching deals: how many have a confidence and its average; the count per ten-point band (90–100 last); the open deals with the lowest confidence, at most per_page (default ${DEAL_STATS_DEFAULT_PAGE_SIZE}, up to ${DEAL_STATS_MAX_PAGE_SIZE}), each with the three factors of its current assessment that lowered it most; and per band, how many closed deals were won and lost. start_date/end_date are the period of close dates (as close_date.gte/.lte, which win). ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: dealStatsQuerySchema,
        response: { 200: confidenceStatsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = withClosePeriod(request.query as StatsQuery)
      const data = await dealStats.confidenceStats(requireUser(request), {
        clauses: clausesOf(query),
        limit: limitOf(query),
      })
      return { data }
    },
  )
}
