import type { Database } from '../../db/client.js'
import {
  findContactsByRemoteIds,
  findDealIdsIn,
  findDealsByRemoteIds,
  type ImportedContactRow,
  type ImportedDealRow,
  insertDealContactLinks,
  insertDeals,
  insertImportedContacts,
  insertStageChanges,
  updateImportedContact,
} from './deal-imports.repository.js'
import {
  listOrganisationUserIdentities,
  listPipelinesWithStages,
} from './deal-lookups.repository.js'
import { type DealInsert, insertStageChange, updateDealRow } from './deals.repository.js'
import { changesAnalysedColumns } from './deal-analysed-facts.js'
import type { DealReanalysis } from './deals.service.js'

/** What a row of an import does to its record. */
export type ImportOutcome = 'create' | 'update' | 'unchanged'

/**
 * A deal row of a CSV import, resolved to ids. An optional field left undefined is a column the
 * file does not have: a new deal gets the default, an existing one keeps its value.
 */
export interface DealImportRecord {
  remoteId: string
  pipelineId: string
  stageId: string
  name: string
  ownerId?: string | null
  accountName?: string | null
  /** Two decimals, as the deals API writes it. */
  amount?: string | null
  currency?: string | null
  closeDate?: string | null
  status?: 'open' | 'won' | 'lost'
  /**
   * The deal's stage changes as its source recorded them, oldest first (a CRM's history). A new
   * deal gets them instead of one change at creation; a moved one gets the latest change's time.
   */
  stageHistory?: { stageId: string; changedAt: Date }[]
}

/** How a batch is written: a dry run only classifies; `source` marks created deals. */
export interface ImportWriteOptions {
  dryRun: boolean
  source?: 'import' | 'crm'
}

export interface ContactImportRecord {
  remoteId: string
  name: string
  email?: string | null
  title?: string | null
  company?: string | null
}

const DEAL_FIELDS = [
  'pipelineId',
  'stageId',
  'name',
  'ownerId',
  'accountName',
  'amount',
  'currency',
  'closeDate',
  'status',
] as const satisfies readonly (keyof DealImportRecord & keyof ImportedDealRow)[]

const CONTACT_FIELDS = ['name', 'email', 'title', 'company'] as const

/** The fields of `record` that differ from the stored row (undefined ones are left alone). */
function changesOf<Field extends string>(
  fields: readonly Field[],
  record: Partial<Record<Field, unknown>>,
  stored: Record<Field, unknown>,
): Partial<Record<Field, unknown>> {
  const changes: Partial<Record<Field, unknown>> = {}
  for (const field of fields) {
    const value = record[field]
    if (value !== undefined && value !== stored[field]) changes[field] = value
  }
  return changes
}

/** A deal's id as Dealcoach writes it; the database would refuse anything else as a uuid. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The ids of the organisation's deals with these external ids. */
async function dealIdsByRemoteIds(
  tx: Database,
  organisationId: string,
  remoteIds: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findDealsByRemoteIds(tx, organisationId, remoteIds)
  return new Map(rows.map((row) => [row.remoteId ?? '', row.id]))
}

/**
 * Deals and contacts written by a CSV import (issue 16) or a CRM sync, matched by external id
 * (`remote_id`, unique per organisation): a row whose record exists updates what differs, so
 * importing the same file twice changes nothing, and re-analyses the deal when what differs is
 * something its analysis reads (a deal the CRM marks won). With `dryRun` it only says what it
 * would do.
 */
export function createDealImportsService({ analysis }: { analysis: DealReanalysis }) {
  return {
    /** The organisation's pipelines with stages and its users: what deal rows are resolved against. */
    async lookups(tx: Database, organisationId: string) {
      return {
        pipelines: await listPipelinesWithStages(tx, organisationId),
        users: await listOrganisationUserIdentities(tx, organisationId),
      }
    },

    /** The ids of the organisation's deals with these external ids. */
    dealIdsByRemoteIds,

    /**
     * The organisation's deals a file's rows name, by external id (a CRM's) or else by Dealcoach
     * id: a deal created in Dealcoach has no external id. A value that is one deal's external id
     * and another's id names the first. Another organisation's deals are never found.
     */
    async dealIdsByReferences(
      tx: Database,
      organisationId: string,
      references: readonly string[],
    ): Promise<Map<string, string>> {
      const found = await dealIdsByRemoteIds(tx, organisationId, references)
      const byId = references.filter((ref) => !found.has(ref) && UUID.test(ref))
      const ids = new Set(
        await findDealIdsIn(tx, organisationId, [...new Set(byId.map((ref) => ref.toLowerCase()))]),
      )
      for (const ref of byId) if (ids.has(ref.toLowerCase())) found.set(ref, ref.toLowerCase())
      return found
    },

    async importDeals(
      tx: Database,
      organisationId: string,
      records: readonly DealImportRecord[],
      options: ImportWriteOptions,
    ): Promise<ImportOutcome[]> {
      const stored = new Map(
        (
          await findDealsByRemoteIds(
            tx,
            organisationId,
            records.map((r) => r.remoteId),
          )
        ).map((row) => [row.remoteId, row]),
      )
      const outcomes: ImportOutcome[] = []
      const creates: DealInsert[] = []
      const histories = new Map<string, { stageId: string; changedAt: Date }[]>()
      for (const record of records) {
        const existing = stored.get(record.remoteId)
        if (!existing) {
          outcomes.push('create')
          creates.push({
            pipelineId: record.pipelineId,
            stageId: record.stageId,
            ownerId: record.ownerId ?? null,
            name: record.name,
            accountName: record.accountName ?? null,
            amount: record.amount ?? null,
            currency: record.currency ?? 'USD',
            closeDate: record.closeDate ?? null,
            status: record.status ?? 'open',
            remoteId: record.remoteId,
            source: options.source ?? 'import',
          })
          if (record.stageHistory?.length) histories.set(record.remoteId, record.stageHistory)
          continue
        }
        const changes = changesOf(DEAL_FIELDS, record, existing)
        if (Object.keys(changes).length === 0) {
          outcomes.push('unchanged')
          continue
        }
        outcomes.push('update')
        if (options.dryRun) continue
        await updateDealRow(tx, organisationId, existing.id, changes as Partial<DealInsert>)
        if (changesAnalysedColumns(existing, changes as Partial<DealInsert>)) {
          await analysis.requestForDealChange(tx, { organisationId, dealId: existing.id })
        }
        if (changes.stageId !== undefined) {
          const latest = record.stageHistory?.at(-1)
          await insertStageChange(tx, organisationId, {
            dealId: existing.id,
            fromStageId: existing.stageId,
            toStageId: record.stageId,
            changedAt: latest?.stageId === record.stageId ? latest.changedAt : new Date(),
          })
        }
      }
      // One statement for the batch's new deals and one for their first stage: the deal-count
      // triggers fire per statement, and row-by-row inserts made a 100k-row import crawl.
      if (!options.dryRun && creates.length > 0) {
        const inserted = await insertDeals(tx, organisationId, creates)
        await insertStageChanges(
          tx,
          organisationId,
          inserted.flatMap((deal) => {
            const history = deal.remoteId ? histories.get(deal.remoteId) : undefined
            if (!history) {
              return [
                {
                  dealId: deal.id,
                  fromStageId: null,
                  toStageId: deal.stageId,
                  changedAt: deal.createdAt,
                },
              ]
            }
            return history.map((change, index) => ({
              dealId: deal.id,
              fromStageId: history[index - 1]?.stageId ?? null,
              toStageId: change.stageId,
              changedAt: change.changedAt,
            }))
          }),
        )
      }
      return outcomes
    },

    /** The ids of the organisation's contacts with these external ids. */
    async contactIdsByRemoteIds(
      tx: Database,
      organisationId: string,
      remoteIds: readonly string[],
    ): Promise<Map<string, string>> {
      const rows = await findContactsByRemoteIds(tx, organisationId, remoteIds)
      return new Map(rows.map((row) => [row.remoteId ?? '', row.id]))
    },

    /** Links contacts to deals (both the organisation's); an existing link is kept. */
    async linkContacts(
      tx: Database,
      organisationId: string,
      links: readonly { dealId: string; contactId: string }[],
    ): Promise<void> {
      await insertDealContactLinks(tx, organisationId, links)
    },

    async importContacts(
      tx: Database,
      organisationId: string,
      records: readonly ContactImportRecord[],
      options: ImportWriteOptions,
    ): Promise<ImportOutcome[]> {
      const stored = new Map<string | null, ImportedContactRow>(
        (
          await findContactsByRemoteIds(
            tx,
            organisationId,
            records.map((r) => r.remoteId),
          )
        ).map((row) => [row.remoteId, row]),
      )
      const outcomes: ImportOutcome[] = []
      const creates: Omit<ImportedContactRow, 'id'>[] = []
      for (const record of records) {
        const existing = stored.get(record.remoteId)
        if (!existing) {
          outcomes.push('create')
          creates.push({
            remoteId: record.remoteId,
            name: record.name,
            email: record.email ?? null,
            title: record.title ?? null,
            company: record.company ?? null,
          })
          continue
        }
        const changes = changesOf(CONTACT_FIELDS, record, existing)
        if (Object.keys(changes).length === 0) {
          outcomes.push('unchanged')
          continue
        }
        outcomes.push('update')
        if (!options.dryRun)
          await updateImportedContact(
            tx,
            organisationId,
            existing.id,
            changes as Partial<Omit<ImportedContactRow, 'id' | 'remoteId'>>,
          )
      }
      if (!options.dryRun) await insertImportedContacts(tx, organisationId, creates)
      return outcomes
    },
  }
}

export type DealImportsService = ReturnType<typeof createDealImportsService>
