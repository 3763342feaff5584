import { DEALS_DEFAULT_PAGE_SIZE, DEALS_MAX_PAGE_SIZE } from '@dealcoach/contracts/deals'
import type { EvidenceRef, SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { FilterClause } from '@dealcoach/contracts/list-query'
import { MAX_PAGE } from '@dealcoach/contracts/pagination'
import { GraphQLError, type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql'
import { NotFound } from '../lib/domain-errors.js'
import type { DealRow, ListedDealRow } from '../modules/deals/deals.service.js'
import { isoTime } from '../lib/iso-time.js'
import type { Pipeline } from '../modules/pipelines/pipeline.js'
import type { GraphQLContext, Loaders } from './graphql-loaders.js'

/** A Deal as the resolvers get it: one read by id, or one of a page with its times as text. */
type GraphQLDeal = DealRow | ListedDealRow

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

/**
 * The fields asked of each deal in a page's `items`, through fragments (aliases and directives
 * aside: a field asked under a condition counts as asked).
 */
export function itemFieldNames(info: GraphQLResolveInfo): Set<string> {
  const names = new Set<string>()
  const visit = (selectionSet: SelectionSetNode | undefined, inItems: boolean) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) {
        if (inItems) names.add(selection.name.value)
        else if (selection.name.value === 'items') visit(selection.selectionSet, true)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        visit(selection.selectionSet, inItems)
      } else {
        visit(info.fragments[selection.name.value]?.selectionSet, inItems)
      }
    }
  }
  for (const node of info.fieldNodes) visit(node.selectionSet, false)
  return names
}

/** Each id's value from a loader, in one batch, into `known`; a failed batch fails the page. */
async function loadInto<V>(
  loader: { loadMany(ids: readonly string[]): Promise<(V | Error)[]> },
  ids: readonly string[],
  known: Map<string, V>,
): Promise<void> {
  const values = await loader.loadMany(ids)
  ids.forEach((id, index) => {
    const value = values[index]
    if (value instanceof Error) throw value
    known.set(id, value as V)
  })
}

/**
 * Reads the stages and owners a page of deals asks for in one go, before its fields run, so each
 * deal's `stage` and `owner` answer at once. Through a DataLoader load per deal they took most of
 * the CPU of a 100-deal query: 11.5 ms with them, 4.1 without; 7.4 when read here
 * (docs/benchmarks.md). They are kept by id, not per deal: an object and a WeakMap entry per deal
 * cost more than the lookups they saved.
 */
async function readPageRelations(
  deals: readonly GraphQLDeal[],
  fields: ReadonlySet<string>,
  loaders: Loaders,
): Promise<void> {
  const stageIds = new Set<string>()
  const ownerIds = new Set<string>()
  const wantsStage = fields.has('stage')
  const wantsOwner = fields.has('owner')
  for (const deal of deals) {
    if (wantsStage) stageIds.add(deal.stageId)
    if (wantsOwner && deal.ownerId) ownerIds.add(deal.ownerId)
  }
  await Promise.all([
    stageIds.size > 0 && loadInto(loaders.stage, [...stageIds], loaders.pageStages),
    ownerIds.size > 0 && loadInto(loaders.owner, [...ownerIds], loaders.pageOwners),
  ])
}

/** The stage is the deal's pipeline's and cannot be deleted while it holds deals. */
function stageOrPlaceholder(
  deal: GraphQLDeal,
  stage: { id: string; name: string; position: number } | null,
) {
  return stage ?? { id: deal.stageId, name: '', position: 0 }
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

    async deals(
      _: unknown,
      args: DealsArgs,
      { caller, services, loaders }: GraphQLContext,
      info: GraphQLResolveInfo,
    ) {
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
      const items = result.rows.map((row) => row.deal)
      await readPageRelations(items, itemFieldNames(info), loaders)
      return { items, total: result.total, page, perPage }
    },

    async pipelines(_: unknown, __: unknown, { caller, services }: GraphQLContext) {
      // Spec §9: the pipelines list is one page of 100.
      return (await services.pipelines.list(caller, { page: 1, pageSize: 100 })).rows
    },

    me(_: unknown, __: unknown, { caller, services }: GraphQLContext) {
      return services.users.me(caller)
    },
  },

  // Fields not named here (accountName, confidence…) are the row's own, read by graphql-jit without
  // a call. `confidence` is the copy the analysis keeps on the deal with each assessment, as the
  // REST list reads it: a page asking for confidence alone needs no assessment query.
  Deal: {
    // numeric arrives as text so that no precision is lost on the way; cents fit a double.
    amount: (deal: GraphQLDeal) => (deal.amount === null ? null : Number(deal.amount)),
    lastActivityAt: (deal: GraphQLDeal) =>
      deal.lastActivityAt === null ? null : isoTime(deal.lastActivityAt),
    stage(deal: GraphQLDeal, _: unknown, { loaders }: GraphQLContext) {
      const read = loaders.pageStages.get(deal.stageId)
      if (read !== undefined) return stageOrPlaceholder(deal, read)
      return loaders.stage.load(deal.stageId).then((stage) => stageOrPlaceholder(deal, stage))
    },
    owner(deal: GraphQLDeal, _: unknown, { loaders }: GraphQLContext) {
      if (!deal.ownerId) return null
      const read = loaders.pageOwners.get(deal.ownerId)
      return read !== undefined ? read : loaders.owner.load(deal.ownerId)
    },
    async solutionFit(deal: GraphQLDeal, _: unknown, { loaders }: GraphQLContext) {
      return (await loaders.assessment.load(deal.id))?.solutionFit ?? null
    },
  },

  SolutionFitScoring: {
    justificationCode: (scoring: SolutionFitScoring) => scoring.justification_code ?? null,
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
