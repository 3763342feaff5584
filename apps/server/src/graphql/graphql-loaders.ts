import DataLoader from 'dataloader'
import type { AuthUser } from '../lib/caller.js'
import type { CurrentAssessment } from '../modules/analysis/analysis.service.js'
import type { Services } from '../services.js'

/** The services the resolvers call (DESIGN §3: resolvers call services, never SQL). */
export type GraphQLServices = Pick<
  Services,
  'deals' | 'pipelines' | 'users' | 'analysis' | 'engagements'
>

/** Each key's row, or null, in the keys' order: what a DataLoader batch function answers. */
function inKeyOrder<T extends { id: string }>(keys: readonly string[], rows: readonly T[]) {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return keys.map((key) => byId.get(key) ?? null)
}

/**
 * One set per HTTP request (a batch's operations share it): each loader collects the keys its
 * resolvers ask for in one tick and reads them with one service call, so a page of deals costs
 * the same number of queries whatever its length.
 */
export function createLoaders(services: GraphQLServices, caller: AuthUser) {
  const stage = new DataLoader(async (ids: readonly string[]) =>
    inKeyOrder(ids, await services.pipelines.stagesByIds(caller, ids)),
  )
  const owner = new DataLoader(async (ids: readonly string[]) =>
    inKeyOrder(ids, await services.users.byIds(caller, ids)),
  )
  return {
    stage,
    owner,
    assessment: new DataLoader(async (dealIds: readonly string[]) => {
      const rows = await services.analysis.currentAssessments(caller, dealIds)
      const byDeal = new Map(rows.map((row) => [row.dealId, row]))
      return dealIds.map((id): CurrentAssessment | null => byDeal.get(id) ?? null)
    }),
    engagement: new DataLoader(async (ids: readonly string[]) =>
      inKeyOrder(ids, await services.engagements.refsByIds(caller, ids)),
    ),
    /**
     * The stages and owners pages of deals read at once (resolvers.ts, `deals`), by id; null is
     * an id not found. A deal's `stage` and `owner` answer from here without a load of their own.
     */
    pageStages: new Map<string, Loaded<typeof stage>>(),
    pageOwners: new Map<string, Loaded<typeof owner>>(),
  }
}

type Loaded<T> = T extends DataLoader<string, infer V> ? V : never

export type Loaders = ReturnType<typeof createLoaders>

/** What every resolver receives. */
export interface GraphQLContext {
  caller: AuthUser
  services: GraphQLServices
  loaders: Loaders
}
