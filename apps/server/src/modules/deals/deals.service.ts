import type { Database } from '../../db/client.js'
import {
  countDealsByStage,
  countPipelineDeals,
  mergeStageInto,
  organisationHasDeals,
} from './deals.repository.js'

export interface DealsDeps {
  db: Database
}

/**
 * Deals and their stage history (DESIGN §4: this module owns deals, deal_stage_history, contacts
 * and deal_contacts; other modules ask this service rather than read those tables).
 *
 * Convention for every service: a method that takes part in its caller's transaction takes that
 * transaction, `tx: Database`, as its first argument and runs all its SQL on it, so the caller's
 * locks and rollback cover it. Methods without `tx` run on their own.
 */
export function createDealsService(deps: DealsDeps) {
  const { db } = deps

  return {
    /** How many deals the pipeline holds. */
    countInPipeline(tx: Database, organisationId: string, pipelineId: string): Promise<number> {
      return countPipelineDeals(tx, organisationId, pipelineId)
    },

    /** How many deals each of the stages holds; stages without deals are absent. */
    countByStage(
      tx: Database,
      organisationId: string,
      stageIds: readonly string[],
    ): Promise<Map<string, number>> {
      return countDealsByStage(tx, organisationId, stageIds)
    },

    /** Moves a stage's deals and the stage history that mentions it to another stage. */
    mergeStage(
      tx: Database,
      organisationId: string,
      fromStageId: string,
      toStageId: string,
    ): Promise<void> {
      return mergeStageInto(tx, organisationId, fromStageId, toStageId)
    },

    /**
     * Whether the organisation has any deal. An engagement always belongs to a deal (deal_id is
     * required and cascades), so this also answers whether any engagement was imported.
     */
    hasAny(organisationId: string): Promise<boolean> {
      return organisationHasDeals(db, organisationId)
    },
  }
}

export type DealsService = ReturnType<typeof createDealsService>
