import { DEALS_DEFAULT_PAGE_SIZE, DEALS_MAX_PAGE_SIZE } from '@dealcoach/contracts/deals'
import type { EvidenceRef, SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { MAX_PAGE } from '@dealcoach/contracts/pagination'
import { GraphQLError } from 'graphql'
import { NotFound } from '../lib/domain-errors.js'
import type { DealRow } from '../modules/deals/deals.service.js'
import type { Pipeline } from '../modules/pipelines/pipeline.js'
import type { GraphQLContext } from './graphql-loaders.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_SEARCH_LENGTH = 200

/** A bad argument, named like REST's field paths so the client can point at it. */
function badInput(argument: string, message: string) {
  return new GraphQLError(`${argument} ${message}`, {
    extensions: { code: 'BAD_USER_INPUT', argument },
  })
}

function integerIn(argument: string, value: number, min: number, max: number) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badInput(argument, `must be a whole number from ${min} to ${max}`)
  }
  return value
}

interface DealsArgs {
  pipelineId?: string | null
  searchQuery?: string | null
  page?: number | null
  perPage?: number | null
}

/** The same filters as GET /v1/deals' camelCase spelling: pipeline_id.eq and name.ilike. */
function dealClauses({ pipelineId, searchQuery }: DealsArgs): FilterClause[] {
  const clauses: FilterClause[] = []
  if (pipelineId != null) {
    if (!UUID.test(pipelineId)) throw badInput('pipelineId', 'is not a valid id')
    clauses.push({ field: 'pipeline_id', operator: 'eq', value: pipelineId })
  }
  const search = searchQuery?.trim()
  if (search) {
    if (search.length > MAX_SEARCH_LENGTH) {
      throw badInput('searchQuery', `must be at most ${MAX_SEARCH_LENGTH} characters`)
    }
    clauses.push({ field: 'name', operator: 'ilike', value: search })
  }
  return clauses
}

export const resolvers = {
  Query: {
    async deal(_: unknown, { id }: { id: string }, { caller, services }: GraphQLContext) {
      // Any id that names none of the caller's deals is simply absent, as another organisation's.
      if (!UUID.test(id)) return null
      try {
        return (await services.deals.read(caller, id, [])).deal
      } catch (error) {
        if (error instanceof NotFound) return null
        throw error
      }
    },

    async deals(_: unknown, args: DealsArgs, { caller, services }: GraphQLContext) {
      const page = integerIn('page', args.page ?? 1, 1, MAX_PAGE)
      const perPage = integerIn(
        'perPage',
        args.perPage ?? DEALS_DEFAULT_PAGE_SIZE,
        1,
        DEALS_MAX_PAGE_SIZE,
      )
      const result = await services.deals.list(caller, {
        clauses: dealClauses(args),
        page: { page, pageSize: perPage },
        includes: [],
      })
      return { items: result.rows.map((row) => row.deal), total: result.total, page, perPage }
    },

    async pipelines(_: unknown, __: unknown, { caller, services }: GraphQLContext) {
      // Spec §9: the pipelines list is one page of 100.
      return (await services.pipelines.list(caller, { page: 1, pageSize: 100 })).rows
    },

    me(_: unknown, __: unknown, { caller, services }: GraphQLContext) {
      return services.users.me(caller)
    },
  },

  Deal: {
    accountName: (deal: DealRow) => deal.accountName,
    // numeric arrives as text so that no precision is lost on the way; cents fit a double.
    amount: (deal: DealRow) => (deal.amount === null ? null : Number(deal.amount)),
    lastActivityAt: (deal: DealRow) => deal.lastActivityAt?.toISOString() ?? null,
    async stage(deal: DealRow, _: unknown, { loaders }: GraphQLContext) {
      // The stage is the deal's pipeline's and cannot be deleted while it holds deals.
      const stage = await loaders.stage.load(deal.stageId)
      return stage ?? { id: deal.stageId, name: '', position: 0 }
    },
    owner(deal: DealRow, _: unknown, { loaders }: GraphQLContext) {
      return deal.ownerId ? loaders.owner.load(deal.ownerId) : null
    },
    // The copy the analysis keeps on the deal with each assessment, as the REST list reads it: a
    // page asking for confidence alone needs no assessment query.
    confidence: (deal: DealRow) => deal.confidence,
    async solutionFit(deal: DealRow, _: unknown, { loaders }: GraphQLContext) {
      return (await loaders.assessment.load(deal.id))?.solutionFit ?? null
    },
  },

  SolutionFitScoring: {
    evidenceRefs: (scoring: SolutionFitScoring) => scoring.evidenceRefs,
  },

  EvidenceRef: {
    /**
     * The engagement as it is now (it may have been renamed); the copy the analysis kept when it
     * is gone, until the next analysis drops the evidence.
     */
    async engagement(ref: EvidenceRef, _: unknown, { loaders }: GraphQLContext) {
      const engagement = await loaders.engagement.load(ref.engagement.id)
      if (!engagement) return ref.engagement
      return {
        id: engagement.id,
        name: engagement.name,
        type: engagement.type,
        date: engagement.occurredAt.toISOString(),
      }
    },
  },

  Pipeline: {
    stages: (pipeline: Pipeline) => pipeline.stages,
    actions: (pipeline: Pipeline) => pipeline.actions,
  },
}
