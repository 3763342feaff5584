import {
  ACTIVITY_DEFAULT_DAYS,
  ACTIVITY_DEFAULT_PER_PAGE,
  ACTIVITY_MAX_DAYS,
  ACTIVITY_MAX_PER_PAGE,
  activityHealthQuerySchema,
  activityHealthStatsSchema,
  dealActivityResponseSchema,
  pipelineActivityQuerySchema,
  pipelineActivityResponseSchema,
  STAGE_HISTORY_MAX_DEALS,
  stageHistoryBulkBodySchema,
  stageHistoryBulkQuerySchema,
  stageHistoryBulkResponseSchema,
} from '@dealcoach/contracts/deal-activity'
import { dealParamsSchema } from '@dealcoach/contracts/deals'
import { pipelineParamsSchema } from '@dealcoach/contracts/pipelines'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../lib/caller.js'
import { Invalid } from '../../lib/domain-errors.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import {
  toActivityHealthBody,
  toDealActivityBody,
  toPipelineDealActivityBody,
  toStageHistoryBody,
} from './deal-activity.mappers.js'
import type { DateWindow, DealActivityService } from './deal-activity.service.js'
import type { DealStagesService } from './deal-stages.service.js'

const DAY_MS = 86_400_000
const isoDay = (at: Date) => at.toISOString().slice(0, 10)
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS)

const invalidQuery = (field: string, message: string) =>
  new Invalid([{ field, message }], { source: 'querystring' })

/**
 * The window of a pipeline's activity: end defaults to today (UTC), start to 30 days before end.
 * The schema has checked each date and their order when both were given.
 */
function activityWindow(query: { start_date?: string; end_date?: string }): DateWindow {
  const end = query.end_date ?? isoDay(new Date())
  const start =
    query.start_date ?? isoDay(new Date(Date.parse(end) - ACTIVITY_DEFAULT_DAYS * DAY_MS))
  if (start > end) throw invalidQuery('start_date', 'is after end_date (default today)')
  if (daysBetween(start, end) >= ACTIVITY_MAX_DAYS) {
    throw invalidQuery('start_date', `must be within ${ACTIVITY_MAX_DAYS} days of end_date`)
  }
  return { start, end }
}

/** Spec §5 and §8's 400 for an activity call without its pipeline id. */
const pipelineIdRequired = () =>
  new Invalid([{ field: 'pipeline_id', message: 'is required', code: 'required' }], {
    source: 'querystring',
    code: 'pipeline_id_required',
    message: 'Pipeline ID is required',
  })

/**
 * The spec's client sends the pipeline id twice, in the path and as `pipeline_id` (spec §7), and
 * reports a missing one as 400 'Pipeline ID is required' (spec §5, §8).
 */
function requireSamePipeline(pathId: string, queryId: string | undefined) {
  if (queryId === undefined) return
  if (queryId.trim() === '') throw pipelineIdRequired()
  if (queryId !== pathId) throw invalidQuery('pipeline_id', 'must be the pipeline of the path')
}

export interface DealActivityRoutesOptions {
  dealActivity: DealActivityService
  dealStages: DealStagesService
}

/** Deal activity, stage history and activity health (spec §3, §7). */
export const dealActivityRoutes: FastifyPluginAsyncZod<DealActivityRoutesOptions> = async (
  app,
  { dealActivity, dealStages },
) => {
  app.get(
    '/v1/deals/:id/activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'The deal’s activity: its engagements with the action results found in each',
        description:
          'One model for the deal: its engagements in time order (oldest first), each with the results the analysis attributed to it for the pipeline’s actions (status, summary and the quoted e-mail or transcript evidence). An action’s result sits on the engagement that brought the action to its current status: a later engagement whose analysis keeps that status leaves it there. An engagement not analysed yet has no actions.',
        security: BEARER_AUTH,
        params: dealParamsSchema,
        response: { 200: dealActivityResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      models: [
        toDealActivityBody(await dealActivity.ofDeal(requireUser(request), request.params.id)),
      ],
    }),
  )

  app.post(
    '/v1/deals/stage-history/bulk-get',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'The stage history of several deals of a pipeline',
        description: `The body is a JSON array of deal ids, or {"deal_ids": [...]}; at most ${STAGE_HISTORY_MAX_DEALS}. Answers one model per deal of the pipeline among them, in the order asked, with its stage changes oldest first (from_stage is null for the stage the deal started in). Ids of other deals — another pipeline’s, another organisation’s, or unknown — are left out.`,
        security: BEARER_AUTH,
        querystring: stageHistoryBulkQuerySchema,
        body: stageHistoryBulkBodySchema,
        response: { 200: stageHistoryBulkResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const pipelineId = request.query.pipeline_id
      if (pipelineId === undefined) throw pipelineIdRequired()
      const histories = await dealStages.historyOf(requireUser(request), pipelineId, request.body)
      return { models: histories.map(toStageHistoryBody) }
    },
  )

  app.get(
    '/v1/pipelines/:id/activity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'The activity of the pipeline’s deals in a date window, a page of deals at a time',
        description: `One model per deal of the pipeline with engagements in the window, the deal with the latest engagement in the window first; each with those engagements oldest first (type, name, the action results found in them and the objections raised), the deal’s stage and owner, and each action’s latest status before the window (prior_statuses), so that a client can tell which statuses the window changed. start_date and end_date are yyyy-MM-dd (UTC) and inclusive; end_date defaults to today and start_date to ${ACTIVITY_DEFAULT_DAYS} days before it; the window spans at most ${ACTIVITY_MAX_DAYS} days. owner_id keeps the deals that user owns. page (from 1) and per_page (1–${ACTIVITY_MAX_PER_PAGE}, default ${ACTIVITY_DEFAULT_PER_PAGE}) page through the deals; pagination.total counts them all. pipeline_id, as the spec’s client sends it, must be the path’s id when given; given blank it is a 400 'Pipeline ID is required'.`,
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        querystring: pipelineActivityQuerySchema,
        response: { 200: pipelineActivityResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { query } = request
      requireSamePipeline(request.params.id, query.pipeline_id)
      const { deals, total } = await dealActivity.ofPipeline(
        requireUser(request),
        request.params.id,
        activityWindow(query),
        {
          ...(query.owner_id ? { ownerId: query.owner_id } : {}),
          page: query.page,
          perPage: query.per_page,
        },
      )
      return {
        models: deals.map(toPipelineDealActivityBody),
        pagination: { page: query.page, page_size: query.per_page, total },
      }
    },
  )

  app.get(
    '/v1/pipelines/:id/activity-health-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'How recently the pipeline’s open deals were active, overall and per stage',
        description:
          'Counts open deals only (won and lost ones are left out) by staleness: active = last activity at most 7 days ago, cooling = 8–21 days, stale = more than 21 days or never. Stages come in the pipeline’s order, each with its name and counts, including stages without deals. owner_id keeps the deals that user owns (as GET /v1/pipelines/{id}/activity does); a malformed owner_id is a 400.',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        querystring: activityHealthQuerySchema,
        response: { 200: activityHealthStatsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      toActivityHealthBody(
        await dealStages.activityHealth(
          requireUser(request),
          request.params.id,
          request.query.owner_id,
        ),
      ),
  )
}
