import type { DealContactInput } from '@dealcoach/contracts/deals'
import type { Database } from '../../db/client.js'
import { replaceContacts } from './deal-contacts.js'
import { type DealInsert, type DealRow, listDealContactRows } from './deals.repository.js'

/**
 * The deal's columns that the analysis engine reads (intelligence's confidence/deal-signals.ts):
 * the pipeline and stage decide which actions are current or past and how long the deal has sat
 * in its stage; the status decides whether the open-deal warnings (no activity, stalled, no next
 * step) apply; the close date is when a won or lost deal's calendar stops. Name, account, amount,
 * currency and owner are shown beside the analysis but change none of it.
 */
const ANALYSED_COLUMNS = ['pipelineId', 'stageId', 'status', 'closeDate'] as const
type AnalysedColumn = (typeof ANALYSED_COLUMNS)[number]

/** Whether the update changes a column the analysis reads (setting a value to itself does not). */
export function changesAnalysedColumns(
  deal: Pick<DealRow, AnalysedColumn>,
  changes: Partial<Pick<DealInsert, AnalysedColumn>>,
): boolean {
  return ANALYSED_COLUMNS.some(
    (column) => changes[column] !== undefined && changes[column] !== deal[column],
  )
}

/**
 * The deal's contacts as the analysis receives them (DealFacts.contacts), in a form two readings
 * compare by: who they are and their role in the deal, whatever order they were listed in. The
 * engine tells the buyers apart by them (a contact's e-mail address and the name they spoke
 * under on a call are one person); the roles of speakers already stored were set at upload and
 * stay.
 */
async function analysedContacts(
  tx: Database,
  organisationId: string,
  dealId: string,
): Promise<string> {
  const rows = await listDealContactRows(tx, organisationId, [dealId])
  return JSON.stringify(
    rows
      .sort((a, b) => a.id.localeCompare(b.id))
      .map(({ id, name, email, title, role }) => [id, name, email, title, role]),
  )
}

/** Replaces the deal's contacts; answers whether the analysis now receives other ones. */
export async function replaceAnalysedContacts(
  tx: Database,
  organisationId: string,
  dealId: string,
  entries: readonly DealContactInput[],
): Promise<boolean> {
  const before = await analysedContacts(tx, organisationId, dealId)
  await replaceContacts(tx, organisationId, dealId, entries)
  return (await analysedContacts(tx, organisationId, dealId)) !== before
}
