import { isDeepStrictEqual } from 'node:util'
import type { Database } from '../../db/client.js'
import type { Utterance } from '../../db/schema/engagements.js'
import {
  findEngagementsByRemoteIds,
  type ImportedEngagementRow,
  insertImportedEngagements,
  updateImportedEngagement,
} from './engagement-imports.repository.js'

/** An engagement row of a CSV import, resolved to its deal. */
export interface EngagementImportRecord {
  remoteId: string
  dealId: string
  type: 'email' | 'transcript' | 'meeting' | 'note'
  name: string
  occurredAt: Date
  direction: 'inbound' | 'outbound' | null
  participants: string[]
  body: string
  utterances: Utterance[]
  sourceFileName: string
}

export type EngagementImportOutcome = 'create' | 'update' | 'unchanged'

const COMPARED = [
  'dealId',
  'type',
  'name',
  'direction',
  'participants',
  'body',
  'utterances',
] as const satisfies readonly (keyof EngagementImportRecord & keyof ImportedEngagementRow)[]

/** What a row sets on its engagement, whether it creates or updates it. */
function writtenFields(record: EngagementImportRecord) {
  const { dealId, type, name, occurredAt, direction, participants, body, utterances } = record
  return { dealId, type, name, occurredAt, direction, participants, body, utterances }
}

/**
 * Writes (or, dry, classifies) imported engagements by external id. Answers each record's
 * outcome and the deals whose evidence changed, which the caller has re-analysed.
 */
export async function importEngagementRecords(
  tx: Database,
  organisationId: string,
  records: readonly EngagementImportRecord[],
  options: { dryRun: boolean },
): Promise<{ outcomes: EngagementImportOutcome[]; changedDeals: Map<string, Date> }> {
  const stored = new Map<string | null, ImportedEngagementRow>(
    (
      await findEngagementsByRemoteIds(
        tx,
        organisationId,
        records.map((r) => r.remoteId),
      )
    ).map((row) => [row.remoteId, row]),
  )
  const outcomes: EngagementImportOutcome[] = []
  const creates: Parameters<typeof insertImportedEngagements>[1][number][] = []
  // The latest activity per changed deal; a moved engagement changes its old deal too.
  const changedDeals = new Map<string, Date>()
  const touch = (dealId: string, at: Date) => {
    const known = changedDeals.get(dealId)
    if (!known || known < at) changedDeals.set(dealId, at)
  }
  for (const record of records) {
    const existing = stored.get(record.remoteId)
    if (!existing) {
      outcomes.push('create')
      creates.push({
        organisationId,
        ...writtenFields(record),
        sourceFileName: record.sourceFileName,
        remoteId: record.remoteId,
      })
      continue
    }
    const changed =
      existing.occurredAt.getTime() !== record.occurredAt.getTime() ||
      COMPARED.some((field) => !isDeepStrictEqual(existing[field], record[field]))
    if (!changed) {
      outcomes.push('unchanged')
      continue
    }
    outcomes.push('update')
    if (options.dryRun) continue
    await updateImportedEngagement(tx, organisationId, existing.id, writtenFields(record))
    touch(record.dealId, record.occurredAt)
    if (existing.dealId !== record.dealId) touch(existing.dealId, existing.occurredAt)
  }
  if (!options.dryRun) {
    // The batch's new engagements in one statement.
    await insertImportedEngagements(tx, creates)
    for (const created of creates) touch(created.dealId, created.occurredAt)
  }
  return { outcomes, changedDeals }
}
