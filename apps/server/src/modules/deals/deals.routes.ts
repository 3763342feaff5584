import {
  createDealBodySchema,
  DEAL_ORDER_NOTE,
  DEALS_DEFAULT_PAGE_SIZE,
  dealContactsResponseSchema,
  dealParamsSchema,
  dealQuerySchema,
  dealSchema,
  dealsQuerySchema,
  dealsResponseSchema,
  updateDealBodySchema,
} from '@dealcoach/contracts/deals'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { toEngagedContactBody } from './deal-activity.mappers.js'
import type { DealActivityService } from './deal-activity.service.js'
import { type DealsQuery, toDealListQuery } from './deal-list-query.js'
import type { DealListService } from './deal-list.service.js'
import { toDealBody, toDealsBody } from './deals.mappers.js'
import type { DealsService } from './deals.service.js'

const INCLUDES_NOTE =
  'With includes=stage,owner,contacts,assessment (a comma list) the deal embeds its stage, owner, contacts and current assessment (confidence, solution-fit tier, when analysed; null until analysed).'

export interface DealsRoutesOptions {
  deals: DealsService
  dealList: DealListService
  dealActivity: DealActivityService
}

/**
 * /v1/deals: the organisation's deals. Anyone signed in reads them; admins change any deal,
 * members only the deals they own (403 not_deal_owner).
 */
export const dealsRoutes: FastifyPluginAsyncZod<DealsRoutesOptions> = async (
  app,
  { deals, dealList, dealActivity },
) => {
  app.get(
    '/v1/deals',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Your organisation’s deals, filtered, ordered and paged',
        description: `Filters, in the spec’s camelCase or the filter form (the filter form wins when both are given): pipelineId or pipeline_id.eq; stageIds or stage_id.in (comma list); ownerId or owner_id.eq; closeDateGte/closeDateLte or close_date.gte/close_date.lte (yyyy-MM-dd, inclusive); statuses or status.in (comma list of open, won, lost); staleness.in (comma list: active = last activity at most 7 days ago, cooling = 8–21 days, stale = more than 21 days or never); searchQuery or name.ilike (part of the deal name or the account name). Blank values are ignored. Paging: page (default 1), perPage or per_page (default ${DEALS_DEFAULT_PAGE_SIZE}, at most 100). ${DEAL_ORDER_NOTE} An unknown filter field, operator or order field, or a malformed date or id, is a 400 naming the parameter. ${INCLUDES_NOTE}`,
        security: BEARER_AUTH,
        querystring: dealsQuerySchema,
        response: { 200: dealsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = toDealListQuery(request.query as DealsQuery)
      return toDealsBody(await dealList.list(requireUser(request), query), query.page)
    },
  )

  app.get(
    '/v1/deals/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'One deal',
        description: INCLUDES_NOTE,
        security: BEARER_AUTH,
        params: dealParamsSchema,
        querystring: dealQuerySchema,
        response: { 200: dealSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      toDealBody(
        await dealList.read(requireUser(request), request.params.id, request.query.includes ?? []),
      ),
  )

  app.get(
    '/v1/deals/:id/contacts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'The deal’s contacts with their role in it and how engaged they are',
        description:
          'Ordered by name. engagement_count counts the deal’s engagements the contact took part in — as a participant or transcript speaker, matched by e-mail or by name, case-insensitively — and last_engaged_at is the latest of them (null when none).',
        security: BEARER_AUTH,
        params: dealParamsSchema,
        response: { 200: dealContactsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      models: (await dealActivity.contactsOf(requireUser(request), request.params.id)).map(
        toEngagedContactBody,
      ),
    }),
  )

  app.post(
    '/v1/deals',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Create a deal, with its contacts',
        description:
          'owner_id defaults to you, currency to USD and status to open. The stage must be one of the pipeline’s (400 at stage_id) and the owner a user of your organisation (400 at owner_id); members create deals they own (403 not_deal_owner). A contact whose e-mail another contact of your organisation has reuses that contact. Answers the deal with its contacts.',
        security: BEARER_AUTH,
        body: createDealBodySchema,
        response: { 201: dealSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await deals.create(requireUser(request), request.body)
      return reply.status(201).send(toDealBody(created))
    },
  )

  app.patch(
    '/v1/deals/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Change a deal: fields, stage, pipeline, owner or contacts',
        description:
          'Moving to another pipeline needs a stage_id of that pipeline. A stage change is recorded in the deal’s stage history. contacts replaces the list: entries with id are kept and updated, entries without id are added, contacts left out are unlinked. Members change only deals they own (403 not_deal_owner). Answers the deal with its contacts.',
        security: BEARER_AUTH,
        params: dealParamsSchema,
        body: updateDealBodySchema,
        response: { 200: dealSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toDealBody(await deals.update(requireUser(request), request.params.id, request.body)),
  )

  app.delete(
    '/v1/deals/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Delete a deal with its history, engagements and analysis',
        description: 'Members delete only deals they own (403 not_deal_owner).',
        security: BEARER_AUTH,
        params: dealParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deals.remove(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
