import type { DealFacts } from '@dealcoach/contracts/intelligence'
import type { Database } from '../../db/client.js'
import { findOrganisationUsers } from './deal-lookups.repository.js'
import { listStageHistories } from './deal-list.repository.js'
import { type DealRow, listDealContactRows } from './deals.repository.js'

/** What the analysis engine knows about a deal: the engine's DealFacts, read in `tx`. */
export async function dealFacts(
  tx: Database,
  organisationId: string,
  deal: DealRow,
): Promise<DealFacts> {
  const history = await listStageHistories(tx, organisationId, [deal.id])
  const contactRows = await listDealContactRows(tx, organisationId, [deal.id])
  const [owner] = deal.ownerId
    ? await findOrganisationUsers(tx, organisationId, [deal.ownerId])
    : []
  return {
    id: deal.id,
    name: deal.name,
    stage_id: deal.stageId,
    stage_history: history.map((entry) => ({
      from_stage_id: entry.fromStageId,
      to_stage_id: entry.toStageId,
      at: entry.changedAt.toISOString(),
    })),
    created_at: deal.createdAt.toISOString(),
    close_date: deal.closeDate,
    last_activity_at: deal.lastActivityAt?.toISOString() ?? null,
    owner: owner ? { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim() } : null,
    contacts: contactRows.map((contact) => ({
      name: contact.name,
      ...(contact.email !== null && { email: contact.email }),
      ...(contact.title !== null && { title: contact.title }),
      ...(contact.role !== null && { role: contact.role }),
    })),
    status: deal.status,
  }
}
