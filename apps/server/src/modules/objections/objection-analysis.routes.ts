import { DEAL_FILTER_FIELDS } from '@dealcoach/contracts/deals'
import { filterClauses } from '@dealcoach/contracts/list-query'
import {
  commonObjectionsQuerySchema,
  commonObjectionsResponseSchema,
  OBJECTION_ANALYSIS_DEFAULT_PAGE_SIZE,
  OBJECTION_ANALYSIS_FILTER_FIELDS,
  objectionAnalysisQuerySchema,
  objectionAnalysisResponseSchema,
  objectionHandlingStatsQuerySchema,
  objectionHandlingStatsResponseSchema,
} from '@dealcoach/contracts/objection-analysis'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { type DealsQuery, toDealListQuery } from '../deals/deal-list-query.js'
import {
  type AnalysisOrder,
  type TimeBound,
  timeBoundOf,
  type TrendInterval,
} from './objection-analysis.repository.js'
import type { ObjectionAnalysisService, ObjectionFilters } from './objection-analysis.service.js'

const tags = ['objections']

const FILTERS_NOTE =
  'The objections are those of the deals GET /v1/deals would list with the same filters, in either spelling (pipelineId or pipeline_id.eq, stageIds or stage_id.in, ownerId or owner_id.eq, closeDateGte/closeDateLte or close_date.gte/.lte, statuses or status.in, staleness.in, searchQuery or name.ilike), narrowed by objection_type_id.eq/.in and engagement_timestamp.gte/.lte (when the objection was raised: a date or date-time; a date as lte takes in that whole UTC day). Objections a user marked as not an objection are never counted. An unknown filter or a malformed date or id is a 400 naming the parameter; another organisation’s ids match nothing.'

/** The objection filters besides the deal list's, each field with its own clauses. */
const OBJECTION_FIELDS = Object.fromEntries(
  Object.entries(OBJECTION_ANALYSIS_FILTER_FIELDS).filter(
    ([field]) => !(field in DEAL_FILTER_FIELDS),
  ),
)

/** A report's filters, from the deal list's two spellings and the objection fields. */
function filtersOf(query: Record<string, unknown>): ObjectionFilters {
  const clauses = filterClauses(OBJECTION_FIELDS, query)
  const period: TimeBound[] = clauses
    .filter((clause) => clause.field === 'engagement_timestamp' || clause.field === 'created')
    .map(timeBoundOf)
  const handled = clauses.find((clause) => clause.field === 'handled')
  return {
    dealClauses: toDealListQuery({ ...(query as DealsQuery), page: 1 }).clauses,
    typeClauses: clauses.filter((clause) => clause.field === 'objection_type_id'),
    period,
    ...(handled && { handled: handled.value === 'true' }),
  }
}

/** Spec §7's objection analysis calls (issue 14); any signed-in user of the organisation. */
export const objectionAnalysisRoutes: FastifyPluginAsyncZod<{
  objectionAnalysis: ObjectionAnalysisService
}> = async (app, { objectionAnalysis }) => {
  app.get(
    '/v1/objections/common-objections-analysis',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Per objection type: how often raised, its trend, the share handled, outcomes',
        description: `Per type raised at least once, most raised first: objections raised and handled, its share of all, the deals it was raised in, its trend per week (Monday to Sunday, UTC; the default) or month with empty buckets over the period included, and the outcomes of its deals split by whether their latest objection of the type was handled: closed, won, win rate, and how many moved to a later stage after it was first raised. With a period, the deals (and their outcomes) are those that first met the type in it, and total.deals those whose first objection fell in it: each deal counts once, however often it was raised. ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: commonObjectionsQuerySchema,
        response: { 200: commonObjectionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>
      const interval = (query.interval as TrendInterval | undefined) ?? 'week'
      const data = await objectionAnalysis.commonObjections(
        requireUser(request),
        filtersOf(query),
        interval,
      )
      return { data }
    },
  )

  app.get(
    '/v1/objections/analysis/handling-stats',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Per rep: objections met and the share handled, per type',
        description: `Per deal owner (null: deals nobody owns), most objections met first: raised, handled and the share handled, overall and per type. ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: objectionHandlingStatsQuerySchema,
        response: { 200: objectionHandlingStatsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>
      const data = await objectionAnalysis.handlingStats(requireUser(request), filtersOf(query))
      return { data }
    },
  )

  app.get(
    '/v1/objections/analysis',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The objections themselves: quote, reply, verdict, deal and call',
        description: `The objections raised, by created (when raised; the default) or handling_score, desc by default, ties by id; created.gte/created.lt bound when they were raised and handled.eq the verdict. page/page_size (default ${OBJECTION_ANALYSIS_DEFAULT_PAGE_SIZE}). feedback is a user's correction of the objection, if any. ${FILTERS_NOTE}`,
        security: BEARER_AUTH,
        querystring: objectionAnalysisQuerySchema,
        response: { 200: objectionAnalysisResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown> & {
        order_by: AnalysisOrder
        direction: 'asc' | 'desc'
        page: number
        page_size: number
      }
      return objectionAnalysis.analysis(requireUser(request), filtersOf(query), {
        order: query.order_by,
        descending: query.direction === 'desc',
        page: { page: query.page, pageSize: query.page_size },
      })
    },
  )
}
