import {
  createDealBodySchema,
  type DealInclude,
  DEAL_FILTER_FIELDS,
  DEALS_DEFAULT_PAGE_SIZE,
  dealContactsResponseSchema,
  dealParamsSchema,
  dealQuerySchema,
  dealSchema,
  dealsQuerySchema,
  dealsResponseSchema,
  updateDealBodySchema,
} from '@dealcoach/contracts/deals'
import { type FilterClause, filterClauses } from '@dealcoach/contracts/list-query'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { toDealBody, toDealContactBody, toDealsBody } from './deals.mappers.js'
import type { DealListQuery, DealsService } from './deals.service.js'

/** The parsed list query; the loose schema's index signature hides its own keys' types. */
interface DealsQuery extends Record<string, unknown> {
  pipelineId?: string
  searchQuery?: string
  page: number
  perPage?: number
  per_page?: number
  includes?: DealInclude[]
}

/**
 * The spec's camelCase parameters are another spelling of filters: `pipelineId` is
 * `pipeline_id.eq` and `searchQuery` is `name.ilike`. Given twice, the filter form wins.
 */
function toListQuery(query: DealsQuery): DealListQuery {
  const clauses: FilterClause[] = filterClauses(DEAL_FILTER_FIELDS, query)
  const has = (field: string) => clauses.some((clause) => clause.field === field)
  if (query.pipelineId !== undefined && !has('pipeline_id')) {
    clauses.push({ field: 'pipeline_id', operator: 'eq', value: query.pipelineId })
  }
  if (query.searchQuery && !has('name')) {
    clauses.push({ field: 'name', operator: 'ilike', value: query.searchQuery })
  }
  return {
    clauses,
    page: {
      page: query.page,
      pageSize: query.per_page ?? query.perPage ?? DEALS_DEFAULT_PAGE_SIZE,
    },
    includes: query.includes ?? [],
  }
}

const INCLUDES_NOTE =
  'With includes=stage,owner,contacts (a comma list) the deal embeds its stage, owner and contacts.'

/**
 * /v1/deals: the organisation's deals. Anyone signed in reads them; admins change any deal,
 * members only the deals they own (403 not_deal_owner).
 */
export const dealsRoutes: FastifyPluginAsyncZod<{ deals: DealsService }> = async (
  app,
  { deals },
) => {
  app.get(
    '/v1/deals',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'Your organisation’s deals, most recently active first',
        description: `Filters: pipelineId or pipeline_id.eq, searchQuery or name.ilike (part of the deal name). Paging: page, perPage or per_page (default ${DEALS_DEFAULT_PAGE_SIZE}, at most 100). Ordered by last_activity_at (never active last), then newest first. An unknown filter field or operator is a 400 naming it. ${INCLUDES_NOTE}`,
        security: BEARER_AUTH,
        querystring: dealsQuerySchema,
        response: { 200: dealsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const query = toListQuery(request.query as DealsQuery)
      return toDealsBody(await deals.list(requireUser(request), query), query.page)
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
        await deals.read(requireUser(request), request.params.id, request.query.includes ?? []),
      ),
  )

  app.get(
    '/v1/deals/:id/contacts',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['deals'],
        summary: 'The deal’s contacts with their role in it',
        description: 'Ordered by name.',
        security: BEARER_AUTH,
        params: dealParamsSchema,
        response: { 200: dealContactsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      models: (await deals.contactsOf(requireUser(request), request.params.id)).map(
        toDealContactBody,
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
