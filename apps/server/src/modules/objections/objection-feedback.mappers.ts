import type {
  ObjectionFeedback as ObjectionFeedbackBody,
  ObjectionFeedbackList,
} from '@dealcoach/contracts/objection-analysis'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import type { NamedFeedback } from './objection-feedback.repository.js'

/** A reference to a row that may be gone (its id set null) or whose name was not joined. */
function refOf(id: string | null, name: string | null) {
  return id === null ? null : { id, name: name ?? '' }
}

export function toObjectionFeedbackBody(row: NamedFeedback): ObjectionFeedbackBody {
  return {
    id: row.id,
    objection_id: row.objectionId,
    verdict: row.verdict,
    quote: row.quote,
    original_type: refOf(row.originalTypeId, row.originalTypeName),
    corrected_type: refOf(row.correctedTypeId, row.correctedTypeName),
    deal: { id: row.dealId, name: row.dealName },
    engagement_id: row.engagementId,
    user: refOf(row.userId, row.userName),
    created_at: row.createdAt.toISOString(),
  }
}

export function toObjectionFeedbackListBody(
  page: PageOf<NamedFeedback>,
  request: PageRequest,
): ObjectionFeedbackList {
  return {
    models: page.rows.map(toObjectionFeedbackBody),
    pagination: paginationOf(request, page.total),
  }
}
