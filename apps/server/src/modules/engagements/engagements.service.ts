import { isEngagementOfType } from '@dealcoach/contracts/engagements'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Conflict, NotFound } from '../../lib/domain-errors.js'
import {
  CONTENT_HASH_KEY,
  dealHasEngagements,
  deleteEngagementRow,
  type EngagementRefRow,
  type EngagementPeopleRow,
  type EngagementRow,
  type EngagementSummaryRow,
  type EngagementTimeRow,
  findByContentHash,
  findEngagement,
  findEngagementRefs,
  insertEngagement,
  listDealEngagements,
  listEngagementPeople,
  listEngagementsBetween,
  listEngagementsWithContent,
} from './engagements.repository.js'
import {
  type EngagementImportOutcome,
  type EngagementImportRecord,
  importEngagementRecords,
} from './engagement-imports.js'
import { peopleOf, type WithPeople } from './engagement-people.js'
import {
  assertSpeakersHaveRoles,
  type EngagementUpload,
  type Person,
  type PreparedEngagement,
  prepareEngagement,
  proposeRoles,
  type SpeakerProposal,
  speakersToAdd,
} from './prepare-engagement.js'

/** What this module asks of the deals module (its service, wired in services.ts). */
export interface EngagementDeals {
  /** The organisation's deal; NotFound otherwise. */
  get(tx: Database, organisationId: string, dealId: string): Promise<{ ownerId: string | null }>
  /** The deal if the caller may change it (an admin, or its owner); NotFound, else Forbidden. */
  getWritable(tx: Database, caller: AuthUser, dealId: string): Promise<{ ownerId: string | null }>
  listContacts(tx: Database, organisationId: string, dealId: string): Promise<Person[]>
  /** New contacts of the deal, by name alone. */
  addContacts(
    tx: Database,
    organisationId: string,
    dealId: string,
    names: readonly string[],
  ): Promise<void>
  touchActivity(tx: Database, organisationId: string, dealId: string, at: Date): Promise<void>
}

export interface EngagementUsers {
  listPeople(tx: Database, organisationId: string): Promise<Person[]>
}

export interface EngagementAnalysisRequests {
  request(
    tx: Database,
    request: { organisationId: string; dealId: string; trigger: 'engagement' },
  ): Promise<{ runId: string; status: 'queued' }>
}

export interface EngagementsDeps {
  db: Database
  deals: EngagementDeals
  users: EngagementUsers
  analysisRequests: EngagementAnalysisRequests
}

/**
 * Calls and e-mails on a deal (DESIGN §4, §9). Every write asks for the deal to be re-analysed
 * and moves its last activity in the same transaction, so neither happens for a rolled-back write.
 */
export function createEngagementsService(deps: EngagementsDeps) {
  const { db, deals, users, analysisRequests } = deps

  /**
   * Reads the upload and proposes each speaker's role against the deal's people. Adding a call or
   * e-mail changes the deal, so only an admin or the deal's owner may, as for the deal itself.
   */
  async function prepare(tx: Database, caller: AuthUser, dealId: string, upload: EngagementUpload) {
    await deals.getWritable(tx, caller, dealId)
    const organisationUsers = await users.listPeople(tx, caller.organisationId)
    const prepared = prepareEngagement(upload, domainsOf(organisationUsers))
    const contacts = await deals.listContacts(tx, caller.organisationId, dealId)
    const speakers = proposeRoles(prepared.utterances, prepared.roles, {
      users: organisationUsers,
      contacts,
    })
    const duplicateOf = await findByContentHash(
      tx,
      caller.organisationId,
      dealId,
      prepared.contentHash,
    )
    return { prepared, speakers, duplicateOf, known: [...contacts, ...organisationUsers] }
  }

  function withPeople<T extends { participants: string[] }>(
    row: T,
    known: readonly Person[],
  ): WithPeople<T> {
    return { ...row, people: peopleOf(row.participants, known) }
  }

  /**
   * Whom the rows' participants may be: the deal's contacts first, then the organisation's users.
   * Only addresses are looked up (a call's speakers keep their labels), so rows without one cost
   * no query; the two lists are read side by side.
   */
  async function knownFor(
    organisationId: string,
    dealId: string,
    rows: readonly { participants: string[] }[],
  ): Promise<Person[]> {
    if (!rows.some((row) => row.participants.some((p) => p.includes('@')))) return []
    const [contacts, people] = await Promise.all([
      deals.listContacts(db, organisationId, dealId),
      users.listPeople(db, organisationId),
    ])
    return [...contacts, ...people]
  }

  function duplicate(earlier: { id: string; name: string }): Conflict {
    return new Conflict(
      'duplicate_engagement',
      `This was already uploaded to the deal as "${earlier.name}".`,
      [
        {
          field: 'file',
          message: `is the same as "${earlier.name}"`,
          code: 'duplicate_engagement',
          params: { engagement_id: earlier.id, engagement_name: earlier.name },
        },
      ],
    )
  }

  async function requireEngagement(caller: AuthUser, id: string, tx: Database = db) {
    const row = await findEngagement(tx, caller.organisationId, id)
    if (!row) throw new NotFound('Engagement')
    return row
  }

  /**
   * Transcript speakers as seller (a user), buyer (one of the deal's contacts or, on a call with a
   * user, anyone else) or unknown (a call none of your users took part in).
   */
  async function withSpeakerRoles(
    tx: Database,
    organisationId: string,
    records: readonly EngagementImportRecord[],
  ): Promise<EngagementImportRecord[]> {
    if (!records.some((record) => record.utterances.length > 0)) return [...records]
    const organisationUsers = await users.listPeople(tx, organisationId)
    const contactsOf = new Map<string, Person[]>()
    const result: EngagementImportRecord[] = []
    for (const record of records) {
      if (record.utterances.length === 0) {
        result.push(record)
        continue
      }
      let contacts = contactsOf.get(record.dealId)
      if (!contacts) {
        contacts = await deals.listContacts(tx, organisationId, record.dealId)
        contactsOf.set(record.dealId, contacts)
      }
      // Nobody confirms an imported call's speakers as the upload dialog makes them: the
      // proposals are taken (on a call one of your users took part in, everyone else is the
      // buyer; left unknown, their words were never analysed and the call's objections unseen).
      const proposals = proposeRoles(record.utterances, {}, { users: organisationUsers, contacts })
      const roleOf = new Map(proposals.map((s) => [s.speaker, s.role]))
      result.push({
        ...record,
        // Who took part, as an uploaded call lists them: its speakers, when the file named no one.
        participants:
          record.participants.length > 0
            ? record.participants
            : proposals.map((proposal) => proposal.speaker),
        utterances: record.utterances.map((u) => ({
          ...u,
          role: roleOf.get(u.speaker) ?? 'unknown',
        })),
      })
    }
    return result
  }

  return {
    /** What an upload would store, without storing it: the upload dialog confirms roles with it. */
    async preview(
      caller: AuthUser,
      dealId: string,
      upload: EngagementUpload,
    ): Promise<{
      prepared: PreparedEngagement
      speakers: SpeakerProposal[]
      duplicateOf: { id: string; name: string } | undefined
    }> {
      return prepare(db, caller, dealId, upload)
    },

    async create(
      caller: AuthUser,
      dealId: string,
      upload: EngagementUpload,
    ): Promise<{ engagement: WithPeople<EngagementRow>; runId: string }> {
      try {
        return await db.transaction(async (tx) => {
          const { prepared, speakers, duplicateOf, known } = await prepare(
            tx,
            caller,
            dealId,
            upload,
          )
          assertSpeakersHaveRoles(speakers, prepared.roles)
          if (duplicateOf) throw duplicate(duplicateOf)
          const roleOf = new Map(speakers.map((s) => [s.speaker, s.role]))
          const engagement = await insertEngagement(tx, {
            organisationId: caller.organisationId,
            dealId,
            type: prepared.type,
            name: prepared.name,
            occurredAt: prepared.occurredAt,
            direction: prepared.direction,
            participants: prepared.participants,
            body: prepared.body,
            utterances: prepared.utterances.map((u) => ({
              speaker: u.speaker,
              role: roleOf.get(u.speaker) ?? 'unknown',
              text: u.text,
              ...(u.start_ms === undefined ? {} : { start_ms: u.start_ms }),
            })),
            sourceFileName: prepared.sourceFileName,
            contentHash: prepared.contentHash,
          })
          // Buyers the uploader ticked "add to the deal's contacts": the next call matches them.
          const newContacts = speakersToAdd(speakers, roleOf, prepared.addContacts)
          if (newContacts.length > 0) {
            await deals.addContacts(tx, caller.organisationId, dealId, newContacts)
          }
          await deals.touchActivity(tx, caller.organisationId, dealId, prepared.occurredAt)
          const { runId } = await analysisRequests.request(tx, {
            organisationId: caller.organisationId,
            dealId,
            trigger: 'engagement',
          })
          return { engagement: withPeople(engagement, known), runId }
        })
      } catch (error) {
        // Two uploads of the same content at once: the second one's insert meets the first's row.
        if (!isContentHashViolation(error)) throw error
        const { prepared } = await prepare(db, caller, dealId, upload)
        const earlier = await findByContentHash(
          db,
          caller.organisationId,
          dealId,
          prepared.contentHash,
        )
        throw earlier ? duplicate(earlier) : error
      }
    },

    /**
     * Writes a CSV import's engagements by external id (dry: only classifies them). Each deal
     * whose evidence changed has its last activity moved and is re-analysed in the caller's
     * transaction (DESIGN §8); the queue's singleton key makes a batch one run per deal.
     */
    async importMany(
      tx: Database,
      organisationId: string,
      records: readonly EngagementImportRecord[],
      options: { dryRun: boolean },
    ): Promise<EngagementImportOutcome[]> {
      const { outcomes, changedDeals } = await importEngagementRecords(
        tx,
        organisationId,
        await withSpeakerRoles(tx, organisationId, records),
        options,
      )
      for (const [dealId, at] of changedDeals) {
        await deals.touchActivity(tx, organisationId, dealId, at)
        await analysisRequests.request(tx, { organisationId, dealId, trigger: 'engagement' })
      }
      return outcomes
    },

    /** Whether the deal has any engagement, i.e. anything for its analysis to read. */
    hasAny(tx: Database, organisationId: string, dealId: string): Promise<boolean> {
      return dealHasEngagements(tx, organisationId, dealId)
    },

    /** The deal's engagements with utterances and body, oldest first, for the analysis job. */
    listForAnalysis(
      tx: Database,
      organisationId: string,
      dealId: string,
    ): Promise<EngagementRow[]> {
      return listEngagementsWithContent(tx, organisationId, dealId)
    },

    /** The deal's engagements, oldest first, with their participants and speakers. */
    listPeople(
      tx: Database,
      organisationId: string,
      dealId: string,
    ): Promise<EngagementPeopleRow[]> {
      return listEngagementPeople(tx, organisationId, dealId)
    },

    /** The organisation's engagements from `from` (inclusive) to `to` (exclusive), oldest first. */
    listBetween(
      tx: Database,
      organisationId: string,
      from: Date,
      to: Date,
    ): Promise<EngagementTimeRow[]> {
      return listEngagementsBetween(tx, organisationId, from, to)
    },

    /** The deal's engagements, each with its participants named as the workspace knows them. */
    async list(caller: AuthUser, dealId: string): Promise<WithPeople<EngagementSummaryRow>[]> {
      // Read side by side: the list is scoped to the organisation, so a deal that is not the
      // caller's answers 404 and its (empty) list is dropped.
      const [, rows] = await Promise.all([
        deals.get(db, caller.organisationId, dealId),
        listDealEngagements(db, caller.organisationId, dealId),
      ])
      const known = await knownFor(caller.organisationId, dealId, rows)
      return rows.map((row) => withPeople(row, known))
    },

    /** The engagement, if it is of the `type` asked for (isEngagementOfType); else NotFound. */
    async get(caller: AuthUser, id: string, type?: string): Promise<WithPeople<EngagementRow>> {
      const row = await requireEngagement(caller, id)
      if (!isEngagementOfType(row.type, type)) throw new NotFound('Engagement')
      return withPeople(row, await knownFor(caller.organisationId, row.dealId, [row]))
    },

    /** Name, type and date of the caller's organisation's engagements among `ids`, in no order. */
    async refsByIds(caller: AuthUser, ids: readonly string[]): Promise<EngagementRefRow[]> {
      // An id that is no UUID names no engagement (and the database would refuse it).
      const valid = ids.filter((id) => UUID.test(id))
      return valid.length === 0 ? [] : findEngagementRefs(db, caller.organisationId, valid)
    },

    /** Admins delete any engagement; members only those of deals they own. */
    async remove(caller: AuthUser, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await requireEngagement(caller, id, tx)
        await deals.getWritable(tx, caller, row.dealId)
        await deleteEngagementRow(tx, caller.organisationId, id)
        await deals.touchActivity(tx, caller.organisationId, row.dealId, row.occurredAt)
        await analysisRequests.request(tx, {
          organisationId: caller.organisationId,
          dealId: row.dealId,
          trigger: 'engagement',
        })
      })
    },
  }
}

export type EngagementsService = ReturnType<typeof createEngagementsService>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The e-mail domains of the organisation's users: mail from them is outbound. */
function domainsOf(people: readonly Person[]): string[] {
  const domains = people.map((p) => p.email?.split('@')[1]?.toLowerCase() ?? '')
  return [...new Set(domains.filter(Boolean))]
}

function isContentHashViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown }
    if (code === '23505' && (constraint === undefined || constraint === CONTENT_HASH_KEY))
      return true
  }
  return false
}
