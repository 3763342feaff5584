import type {
  Deal as DealBody,
  DealContact as DealContactBody,
  DealsResponse,
} from '@dealcoach/contracts/deals'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import { isoTime } from '../../lib/iso-time.js'
import type { DealContactRow, DealRow, DealWithIncludes, ListedDealRow } from './deals.service.js'

export function toDealContactBody(contact: DealContactRow): DealContactBody {
  return {
    id: contact.id,
    name: contact.name,
    email: contact.email,
    title: contact.title,
    role: contact.role,
  }
}

export function toDealBody({
  deal,
  stage,
  owner,
  contacts,
  assessment,
}: DealWithIncludes<DealRow | ListedDealRow>): DealBody {
  return {
    id: deal.id,
    pipeline_id: deal.pipelineId,
    stage_id: deal.stageId,
    owner_id: deal.ownerId,
    name: deal.name,
    account_name: deal.accountName,
    // numeric arrives as text so that no precision is lost on the way; cents fit a double.
    amount: deal.amount === null ? null : Number(deal.amount),
    currency: deal.currency,
    close_date: deal.closeDate,
    status: deal.status,
    source: deal.source,
    last_activity_at: deal.lastActivityAt === null ? null : isoTime(deal.lastActivityAt),
    confidence: deal.confidence,
    created_at: isoTime(deal.createdAt),
    updated_at: isoTime(deal.updatedAt),
    ...(stage && { stage: { id: stage.id, name: stage.name } }),
    ...(owner !== undefined && {
      owner: owner && { id: owner.id, first_name: owner.firstName, last_name: owner.lastName },
    }),
    ...(contacts && { contacts: contacts.map(toDealContactBody) }),
    ...(assessment !== undefined && {
      assessment: assessment && {
        confidence: assessment.confidence,
        solution_fit_tier: assessment.solutionFitTier,
        analysed_at: assessment.computedAt.toISOString(),
      },
    }),
  }
}

export function toDealsBody(
  page: PageOf<DealWithIncludes<ListedDealRow>>,
  request: PageRequest,
): DealsResponse {
  return { data: page.rows.map(toDealBody), pagination: paginationOf(request, page.total) }
}
