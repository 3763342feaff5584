import type { DealInclude } from '@dealcoach/contracts/deals'
import type { Database } from '../../db/client.js'
import { type DealContactRow, type DealRow, listDealContactRows } from './deals.repository.js'
import { findOrganisationUsers, findStagesByIds } from './deal-lookups.repository.js'

/** What withIncludes reads of a deal. */
type DealKeys = Pick<DealRow, 'id' | 'stageId' | 'ownerId'>

/**
 * A deal with the related records its reader asked for. The deal list reads its deals with
 * their times as text (ListedDealRow); one deal is read as a row.
 */
export interface DealWithIncludes<Deal extends DealKeys = DealRow> {
  deal: Deal
  stage?: { id: string; name: string }
  owner?: { id: string; firstName: string; lastName: string } | null
  contacts?: DealContactRow[]
  /** Added by the deal-list service, which reads it from the analysis module. */
  assessment?: DealAssessmentSummaryRow | null
}

/** The current assessment of a deal in brief (includes=assessment). */
export interface DealAssessmentSummaryRow {
  confidence: number | null
  solutionFitTier: number | null
  computedAt: Date
}

/** The deals with the related records asked for: one query per kind, however many deals. */
export async function withIncludes<Deal extends DealKeys>(
  tx: Database,
  organisationId: string,
  rows: readonly Deal[],
  includes: readonly DealInclude[],
): Promise<DealWithIncludes<Deal>[]> {
  if (includes.length === 0) return rows.map((deal) => ({ deal }))
  const wants = new Set(includes)
  const stages = wants.has('stage')
    ? new Map(
        (
          await findStagesByIds(tx, organisationId, [...new Set(rows.map((row) => row.stageId))])
        ).map((stage) => [stage.id, stage]),
      )
    : undefined
  const ownerIds = [...new Set(rows.flatMap((row) => (row.ownerId ? [row.ownerId] : [])))]
  const owners = wants.has('owner')
    ? new Map(
        (await findOrganisationUsers(tx, organisationId, ownerIds)).map((user) => [user.id, user]),
      )
    : undefined
  const contactsByDeal = new Map<string, DealContactRow[]>()
  if (wants.has('contacts')) {
    const contactRows = await listDealContactRows(
      tx,
      organisationId,
      rows.map((row) => row.id),
    )
    for (const { dealId, ...contact } of contactRows) {
      contactsByDeal.set(dealId, [...(contactsByDeal.get(dealId) ?? []), contact])
    }
  }
  return rows.map((deal) => ({
    deal,
    ...(stages && { stage: stages.get(deal.stageId) ?? { id: deal.stageId, name: '' } }),
    ...(owners && { owner: (deal.ownerId && owners.get(deal.ownerId)) || null }),
    ...(wants.has('contacts') && { contacts: contactsByDeal.get(deal.id) ?? [] }),
  }))
}
