import { STALENESS_LEVELS, type Staleness } from '@dealcoach/contracts/deals'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import type { Pipeline } from '../pipelines/pipeline.js'
import {
  countOpenDealsByStaleness,
  countOwnerOpenDealsByStaleness,
  listPipelineStageHistories,
} from './deal-list.repository.js'
import type { StageHistoryRow } from './deals.repository.js'

export interface DealStagesDeps {
  db: Database
  pipelines: {
    get(caller: AuthUser, id: string): Promise<Pipeline>
    assertFound(caller: AuthUser, id: string): Promise<void>
  }
}

export interface DealStageHistory {
  dealId: string
  history: StageHistoryRow[]
}

export type StalenessCounts = Record<Staleness, number>

export interface ActivityHealth {
  pipelineId: string
  total: number
  overall: StalenessCounts
  stages: { stageId: string; name: string; total: number; counts: StalenessCounts }[]
}

const noCounts = (): StalenessCounts => ({ active: 0, cooling: 0, stale: 0 })

/** Deals across a pipeline's stages: how they moved, and how recently each stage's were active. */
export function createDealStagesService({ db, pipelines }: DealStagesDeps) {
  return {
    /**
     * The stage history of the deals among `dealIds` that are the pipeline's, in the order asked;
     * ids of other deals (another pipeline's, organisation's, or none) are left out.
     */
    async historyOf(
      caller: AuthUser,
      pipelineId: string,
      dealIds: readonly string[],
    ): Promise<DealStageHistory[]> {
      const unique = [...new Set(dealIds)]
      const found = await listPipelineStageHistories(db, caller.organisationId, pipelineId, unique)
      if (!found) {
        // No row at all: the pipeline is not the organisation's. Its own check says so.
        await pipelines.assertFound(caller, pipelineId)
        return []
      }
      const kept = unique.filter((id) => found.dealIds.has(id))
      const byDeal = new Map(kept.map((id): [string, StageHistoryRow[]] => [id, []]))
      for (const row of found.changes) byDeal.get(row.dealId)?.push(row)
      return kept.map((dealId) => ({ dealId, history: byDeal.get(dealId) ?? [] }))
    },

    /**
     * The pipeline's open deals by staleness level, overall and per stage (in stage order); with
     * `ownerId`, only that user's deals.
     */
    async activityHealth(
      caller: AuthUser,
      pipelineId: string,
      ownerId?: string,
    ): Promise<ActivityHealth> {
      const pipeline = await pipelines.get(caller, pipelineId)
      const counts = ownerId
        ? await countOwnerOpenDealsByStaleness(db, caller.organisationId, pipelineId, ownerId)
        : await countOpenDealsByStaleness(db, caller.organisationId, pipelineId)
      const byStage = new Map(counts.map(({ stageId, ...levels }) => [stageId, levels]))
      const overall = noCounts()
      for (const levels of byStage.values()) {
        for (const level of STALENESS_LEVELS) overall[level] += levels[level]
      }
      const sum = (of: StalenessCounts) => of.active + of.cooling + of.stale
      return {
        pipelineId,
        total: sum(overall),
        overall,
        stages: pipeline.stages.map((stage) => {
          const stageCounts = byStage.get(stage.id) ?? noCounts()
          return {
            stageId: stage.id,
            name: stage.name,
            total: sum(stageCounts),
            counts: stageCounts,
          }
        }),
      }
    },
  }
}

export type DealStagesService = ReturnType<typeof createDealStagesService>
