import type { ObjectionAnalysis } from '@dealcoach/contracts/objection-analysis'
import type { AnalysisRow } from './objection-analysis.repository.js'

/** A share of 0–1 to three decimals; null when there is nothing to divide by. */
export function rateOf(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null
}

/** Raised, handled and the share handled, as every objection report shows them. */
export function handlingCounts(raised: number, handled: number) {
  return { raised, handled, handled_rate: rateOf(handled, raised) }
}

/** An objection of the drill-down, with its deal, call or e-mail and any correction. */
export function toObjectionAnalysis(row: AnalysisRow): ObjectionAnalysis {
  return {
    id: row.id,
    objection_type_id: row.objectionTypeId,
    type_name: row.typeName,
    text: row.text,
    speaker: row.speaker,
    response: row.response,
    handled: row.handled,
    handling_score: row.handlingScore,
    created: row.occurredAt.toISOString(),
    utterance_index: row.utteranceIndex,
    deal: {
      id: row.dealId,
      name: row.dealName,
      status: row.dealStatus,
      stage_id: row.stageId,
      owner: row.ownerId === null ? null : { id: row.ownerId, name: row.ownerName ?? '' },
    },
    engagement: {
      id: row.engagementId,
      type: row.engagementType,
      name: row.engagementName,
      occurred_at: row.engagementOccurredAt.toISOString(),
    },
    feedback: row.feedback,
  }
}
