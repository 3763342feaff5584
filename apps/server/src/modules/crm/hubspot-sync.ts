import type { Database } from '../../db/client.js'
import type { CrmSyncProblem, CrmSyncProgress, SearchWindow } from '../../db/schema/crm.js'
import type { RemotePipeline } from '../pipelines/pipelines.service.js'
import type {
  ContactImportRecord,
  DealImportRecord,
  ImportOutcome,
  ImportWriteOptions,
} from '../deals/deal-imports.service.js'
import type { EngagementImportRecord } from '../engagements/engagement-imports.js'
import {
  hubspotAssociationSchema,
  hubspotBatchSchema,
  type HubspotObject,
  hubspotObjectSchema,
  hubspotOwnerSchema,
  hubspotPageSchema,
  hubspotPipelinesSchema,
} from './hubspot-api.js'
import type { HubspotSession } from './hubspot-client.js'
import {
  type DealLookups,
  HUBSPOT_ENGAGEMENT_TYPES,
  HUBSPOT_PROPERTIES,
  type HubspotEngagementType,
  type HubspotObjectType,
  lastModifiedProperty,
  modifiedAt,
  RecordProblem,
  toContactRecord,
  toDealRecord,
  toEngagementRecord,
} from './hubspot-records.js'
import { type CrmIntegrationRow, findIntegrationById, updateIntegration } from './crm.repository.js'

/** What the sync asks of the modules that own pipelines, deals, contacts and engagements. */
export interface CrmWriters {
  lookups(
    tx: Database,
    organisationId: string,
  ): Promise<{
    pipelines: {
      id: string
      remoteId: string | null
      stages: { id: string; remoteStageId: string | null }[]
    }[]
    users: { id: string; email: string }[]
  }>
  syncPipelines(tx: Database, organisationId: string, pipelines: RemotePipeline[]): Promise<number>
  importDeals(
    tx: Database,
    organisationId: string,
    records: readonly DealImportRecord[],
    options: ImportWriteOptions,
  ): Promise<ImportOutcome[]>
  importContacts(
    tx: Database,
    organisationId: string,
    records: readonly ContactImportRecord[],
    options: ImportWriteOptions,
  ): Promise<ImportOutcome[]>
  dealIdsByRemoteIds(
    tx: Database,
    organisationId: string,
    ids: readonly string[],
  ): Promise<Map<string, string>>
  contactIdsByRemoteIds(
    tx: Database,
    organisationId: string,
    ids: readonly string[],
  ): Promise<Map<string, string>>
  linkContacts(
    tx: Database,
    organisationId: string,
    links: readonly { dealId: string; contactId: string }[],
  ): Promise<void>
  /** Writes engagements and requests their deals' analysis. */
  importEngagements(
    tx: Database,
    organisationId: string,
    records: readonly EngagementImportRecord[],
    options: { dryRun: boolean },
  ): Promise<ImportOutcome[]>
}

/** The sync stopped because the connection was disconnected while it ran. */
export class SyncCancelled extends Error {
  override name = 'SyncCancelled'
}

export const SYNC_PHASES = [
  'pipelines',
  'owners',
  'deals',
  'contacts',
  ...HUBSPOT_ENGAGEMENT_TYPES,
] as const
type Phase = (typeof SYNC_PHASES)[number]

const PAGE_SIZE = 100
/** The status call shows this many of the latest skipped records. */
const MAX_PROBLEMS = 50

/** What the sync keeps in the connection's settings between phases and syncs. */
type Settings = Record<string, unknown> & {
  owners?: Record<string, string>
  stageOutcomes?: Record<string, 'open' | 'won' | 'lost'>
}

export function freshProgress(): CrmSyncProgress {
  return { phase: SYNC_PHASES[0], after: null, done: {}, seen: {} }
}

/**
 * One HubSpot sync of one connection (DESIGN §9): pipelines and stages, owners, then deals,
 * contacts and engagements — everything on the first sync, then what changed since the last
 * one's cursors. Each page is written in one transaction together with the progress, so a
 * retried job resumes at the page after the last one written.
 */
export async function runHubspotSync(ctx: {
  db: Database
  row: CrmIntegrationRow
  session: HubspotSession
  writers: CrmWriters
  /** At most this many results per search (HubSpot's documented cap: 10,000). */
  searchResultCap: number
}): Promise<void> {
  const { db, session, writers } = ctx
  const { organisationId, id } = ctx.row
  let progress = ctx.row.syncProgress ?? freshProgress()
  const counts = { ...ctx.row.counts }
  const problems = [...ctx.row.problems]
  let settings = ctx.row.settings as Settings
  let lookups: DealLookups | undefined

  const bump = (key: string, by: number) => {
    if (by !== 0) counts[key] = (counts[key] ?? 0) + by
  }
  const addProblems = (found: CrmSyncProblem[]) => {
    problems.push(...found)
    problems.splice(0, Math.max(0, problems.length - MAX_PROBLEMS))
  }
  /** Stores where the sync stands, in `tx` with the page's writes. */
  const save = async (tx: Database, next: CrmSyncProgress) => {
    progress = next
    await updateIntegration(tx, organisationId, id, {
      syncProgress: next,
      counts,
      problems,
      settings,
    })
  }
  const ensureLinked = async () => {
    const current = await findIntegrationById(db, organisationId, id)
    if (current?.status !== 'linked') throw new SyncCancelled('the connection was disconnected')
  }

  const dealLookups = async (): Promise<DealLookups> => {
    if (lookups) return lookups
    const { pipelines } = await writers.lookups(db, organisationId)
    const byRemote = new Map<string, { id: string; stages: Map<string, string> }>()
    for (const pipeline of pipelines) {
      if (!pipeline.remoteId) continue
      byRemote.set(pipeline.remoteId, {
        id: pipeline.id,
        stages: new Map(
          pipeline.stages.flatMap((s) =>
            s.remoteStageId ? [[s.remoteStageId, s.id] as const] : [],
          ),
        ),
      })
    }
    lookups = {
      pipelines: byRemote,
      stageOutcomes: settings.stageOutcomes ?? {},
      owners: settings.owners ?? {},
    }
    return lookups
  }

  async function syncPipelines() {
    const { results } = await session.get('/crm/v3/pipelines/deals', hubspotPipelinesSchema)
    const stageOutcomes: Record<string, 'open' | 'won' | 'lost'> = {}
    const remote: RemotePipeline[] = results
      .filter((pipeline) => !pipeline.archived)
      .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
      .map((pipeline) => ({
        remoteId: pipeline.id,
        name: pipeline.label,
        stages: pipeline.stages
          .filter((stage) => !stage.archived)
          .sort((a, b) => (a.displayOrder ?? 0) - (b.displayOrder ?? 0))
          .map((stage) => {
            const closed = stage.metadata?.isClosed === 'true'
            const probability = Number(stage.metadata?.probability ?? '0')
            stageOutcomes[stage.id] = !closed ? 'open' : probability >= 1 ? 'won' : 'lost'
            return { remoteStageId: stage.id, name: stage.label }
          }),
      }))
    await db.transaction(async (tx) => {
      bump('pipelines', await writers.syncPipelines(tx, organisationId, remote))
      settings = { ...settings, stageOutcomes }
      await save(tx, nextPhase('pipelines', remote.length))
    })
  }

  async function syncOwners() {
    const owners: { id: string; email: string }[] = []
    let after: string | undefined
    do {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), archived: 'false' })
      if (after) query.set('after', after)
      const page = await session.get(`/crm/v3/owners?${query}`, hubspotPageSchema)
      for (const raw of page.results) {
        const owner = hubspotOwnerSchema.safeParse(raw)
        if (owner.success && owner.data.email) {
          owners.push({ id: owner.data.id, email: owner.data.email.toLowerCase() })
        }
      }
      after = page.paging?.next?.after
    } while (after)
    await db.transaction(async (tx) => {
      const { users } = await writers.lookups(tx, organisationId)
      const userByEmail = new Map(users.map((user) => [user.email.toLowerCase(), user.id]))
      const matched: Record<string, string> = {}
      for (const owner of owners) {
        const userId = userByEmail.get(owner.email)
        if (userId) matched[owner.id] = userId
      }
      settings = { ...settings, owners: matched }
      counts.owners = Object.keys(matched).length
      await save(tx, nextPhase('owners', owners.length))
    })
  }

  function nextPhase(phase: Phase, read: number): CrmSyncProgress {
    const next = SYNC_PHASES[SYNC_PHASES.indexOf(phase) + 1] ?? null
    return {
      ...progress,
      phase: next,
      after: null,
      done: { ...progress.done, [phase]: (progress.done[phase] ?? 0) + read },
    }
  }

  /**
   * Search page by page, oldest change first, from the last sync's cursor. HubSpot serves only the
   * first `searchResultCap` results of a search, so a longer phase searches again from the newest
   * change it read (inclusive: records sharing that moment are read twice, and written the same).
   */
  async function syncObjects(type: HubspotObjectType) {
    const since = ctx.row.cursors[type]
    const property = lastModifiedProperty(type)
    for (;;) {
      await ensureLinked()
      const window = progress.window ?? { from: null, read: 0 }
      const lowerBound =
        window.from !== null
          ? { propertyName: property, operator: 'GTE', value: String(window.from) }
          : since !== undefined
            ? { propertyName: property, operator: 'GT', value: String(since) }
            : null
      const body = {
        filterGroups: lowerBound ? [{ filters: [lowerBound] }] : [],
        sorts: [{ propertyName: property, direction: 'ASCENDING' }],
        properties: HUBSPOT_PROPERTIES[type],
        limit: PAGE_SIZE,
        ...(progress.after ? { after: progress.after } : {}),
      }
      const page = await session.post(`/crm/v3/objects/${type}/search`, body, hubspotPageSchema)
      const found: CrmSyncProblem[] = []
      const records = parseObjects(type, page.results, found)
      const detailed = type === 'deals' ? await withStageHistory(records, found) : records
      const seen = Math.max(progress.seen[type] ?? 0, ...detailed.map((r) => modifiedAt(type, r)))
      const read = window.read + page.results.length
      const after = page.paging?.next?.after ?? null
      const restart =
        after !== null && read + page.results.length > ctx.searchResultCap
          ? nextWindow(type, window, seen, found)
          : null
      const associations =
        type === 'deals'
          ? undefined
          : await associatedDeals(
              type,
              detailed.map((r) => r.id),
            )
      // Read outside the page's transaction: on PGlite that holds the only connection.
      const resolved = type === 'deals' ? await dealLookups() : undefined
      await db.transaction(async (tx) => {
        if (type === 'deals')
          await writeDeals(tx, detailed, resolved ?? (await dealLookups()), found)
        else if (type === 'contacts') await writeContacts(tx, detailed, associations, found)
        else await writeEngagements(tx, type, detailed, associations, found)
        addProblems(found)
        const next = {
          ...progress,
          after: restart ? null : after,
          window: restart ?? { from: window.from, read },
          done: { ...progress.done, [type]: (progress.done[type] ?? 0) + page.results.length },
          seen: { ...progress.seen, [type]: seen },
        }
        await save(
          tx,
          after
            ? next
            : { ...next, ...nextPhase(type, 0), window: null, seen: next.seen, done: next.done },
        )
      })
      if (!after) return
    }
  }

  /**
   * Where the search starts again once it reached HubSpot's cap: at the newest change read. If a
   * whole window shared one moment, starting there would read it again forever, so the search
   * moves past it and the status says records may have been skipped.
   */
  function nextWindow(
    type: HubspotObjectType,
    window: SearchWindow,
    seen: number,
    found: CrmSyncProblem[],
  ): SearchWindow {
    if (window.from === null || seen > window.from) return { from: seen, read: 0 }
    found.push({
      object: type,
      remoteId: '?',
      message: `More than ${ctx.searchResultCap} records changed at the same moment; those past the first ${ctx.searchResultCap} are read when they next change.`,
    })
    return { from: seen + 1, read: 0 }
  }

  function parseObjects(type: string, results: unknown[], found: CrmSyncProblem[]) {
    return results.flatMap((raw) => {
      const parsed = hubspotObjectSchema.safeParse(raw)
      if (parsed.success) return [parsed.data]
      const remoteId = (raw as { id?: unknown } | null)?.id
      found.push({
        object: type,
        remoteId: typeof remoteId === 'string' ? remoteId : '?',
        message: 'HubSpot sent the record in an unexpected shape.',
      })
      return []
    })
  }

  async function withStageHistory(records: HubspotObject[], found: CrmSyncProblem[]) {
    if (records.length === 0) return records
    const batch = await session.post(
      '/crm/v3/objects/deals/batch/read',
      {
        properties: HUBSPOT_PROPERTIES.deals,
        propertiesWithHistory: ['dealstage'],
        inputs: records.map((r) => ({ id: r.id })),
      },
      hubspotBatchSchema,
    )
    return parseObjects('deals', batch.results, found)
  }

  /** HubSpot id → the HubSpot ids of its deals, lowest first. */
  async function associatedDeals(type: HubspotObjectType, ids: string[]) {
    const result = new Map<string, string[]>()
    if (ids.length === 0) return result
    const batch = await session.post(
      `/crm/v4/associations/${type}/deals/batch/read`,
      { inputs: ids.map((recordId) => ({ id: recordId })) },
      hubspotBatchSchema,
    )
    for (const raw of batch.results) {
      const parsed = hubspotAssociationSchema.safeParse(raw)
      if (!parsed.success) continue
      const deals = parsed.data.to.map((to) => String(to.toObjectId))
      result.set(
        parsed.data.from.id,
        deals.sort((a, b) => Number(a) - Number(b)),
      )
    }
    return result
  }

  async function writeDeals(
    tx: Database,
    records: HubspotObject[],
    resolved: DealLookups,
    found: CrmSyncProblem[],
  ) {
    const deals = records.flatMap((record) =>
      convert('deals', record, found, () => toDealRecord(record, resolved)),
    )
    const outcomes = await writers.importDeals(tx, organisationId, deals, {
      dryRun: false,
      source: 'crm',
    })
    bump('deals', outcomes.filter((o) => o === 'create').length)
  }

  async function writeContacts(
    tx: Database,
    records: HubspotObject[],
    associations: Map<string, string[]> | undefined,
    found: CrmSyncProblem[],
  ) {
    const contacts = records.flatMap((record) =>
      convert('contacts', record, found, () => toContactRecord(record)),
    )
    const outcomes = await writers.importContacts(tx, organisationId, contacts, { dryRun: false })
    bump('contacts', outcomes.filter((o) => o === 'create').length)
    const pairs = contacts.flatMap((contact) =>
      (associations?.get(contact.remoteId) ?? []).map((deal) => ({
        contact: contact.remoteId,
        deal,
      })),
    )
    if (pairs.length === 0) return
    const dealIds = await writers.dealIdsByRemoteIds(tx, organisationId, [
      ...new Set(pairs.map((p) => p.deal)),
    ])
    const contactIds = await writers.contactIdsByRemoteIds(
      tx,
      organisationId,
      contacts.map((c) => c.remoteId),
    )
    await writers.linkContacts(
      tx,
      organisationId,
      pairs.flatMap(({ contact, deal }) => {
        const dealId = dealIds.get(deal)
        const contactId = contactIds.get(contact)
        return dealId && contactId ? [{ dealId, contactId }] : []
      }),
    )
  }

  async function writeEngagements(
    tx: Database,
    type: HubspotEngagementType,
    records: HubspotObject[],
    associations: Map<string, string[]> | undefined,
    found: CrmSyncProblem[],
  ) {
    const firstDeal = (record: HubspotObject) => associations?.get(record.id)?.[0]
    const dealIds = await writers.dealIdsByRemoteIds(tx, organisationId, [
      ...new Set(records.flatMap((r) => firstDeal(r) ?? [])),
    ])
    // An engagement on no deal (or only on deals the sync skipped) has nothing to coach.
    const engagements = records.flatMap((record) => {
      const dealId = dealIds.get(firstDeal(record) ?? '')
      if (!dealId) return []
      return convert(type, record, found, () => toEngagementRecord(type, record, dealId))
    })
    const outcomes = await writers.importEngagements(tx, organisationId, engagements, {
      dryRun: false,
    })
    bump(type, outcomes.filter((o) => o === 'create').length)
  }

  function convert<T>(
    object: string,
    record: HubspotObject,
    found: CrmSyncProblem[],
    make: () => T,
  ): T[] {
    try {
      return [make()]
    } catch (error) {
      if (!(error instanceof RecordProblem)) throw error
      found.push({ object, remoteId: record.id, message: `Skipped: ${error.message}.` })
      return []
    }
  }

  while (progress.phase !== null) {
    const phase = progress.phase as Phase
    await ensureLinked()
    if (phase === 'pipelines') await syncPipelines()
    else if (phase === 'owners') await syncOwners()
    else await syncObjects(phase)
  }
}
