import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import type { Pipeline } from '../pipelines/pipeline.js'
import { findPipelineDeals } from './deal-list.repository.js'
import type { DealContactRow, DealsService } from './deals.service.js'

/** One action result the analysis attributed to an engagement. */
export interface ActionResultRow {
  engagementId: string | null
  actionId: string
  status: string
  summary: string
  statusDescription: string
  results: { type: 'email' | 'transcript'; result: string }[]
}

/** What this service asks of the engagements, analysis and pipelines modules (services.ts). */
export interface DealActivityDeps {
  db: Database
  deals: DealsService
  engagements: {
    listPeople(
      tx: Database,
      organisationId: string,
      dealId: string,
    ): Promise<{ id: string; occurredAt: Date; participants: string[]; speakers: string[] }[]>
    listBetween(
      tx: Database,
      organisationId: string,
      from: Date,
      to: Date,
    ): Promise<{ id: string; dealId: string; occurredAt: Date }[]>
  }
  analysis: {
    engagementActionResults(
      tx: Database,
      organisationId: string,
      engagementIds: readonly string[],
    ): Promise<ActionResultRow[]>
  }
  pipelines: { get(caller: AuthUser, id: string): Promise<Pipeline> }
}

export interface EngagementActivity {
  engagementId: string
  occurredAt: Date
  actions: (ActionResultRow & { actionName: string })[]
}

export interface DealActivity {
  dealId: string
  dealName: string
  activity: EngagementActivity[]
}

export interface EngagedContact extends DealContactRow {
  engagementCount: number
  lastEngagedAt: Date | null
}

/** The days [start, end], both inclusive, in UTC (yyyy-MM-dd). */
export interface DateWindow {
  start: string
  end: string
}

const DAY_MS = 86_400_000

/**
 * What happened on deals: their engagements with the action results the analysis found in each
 * (spec §3 deal activity), and how engaged each contact of a deal is.
 */
export function createDealActivityService(deps: DealActivityDeps) {
  const { db, deals, engagements, analysis, pipelines } = deps

  /** The engagements' activity, each with its action results named after the pipeline's actions. */
  async function activityOf(
    organisationId: string,
    pipeline: Pipeline,
    rows: readonly { id: string; occurredAt: Date }[],
  ): Promise<Map<string, EngagementActivity>> {
    const results = await analysis.engagementActionResults(
      db,
      organisationId,
      rows.map((row) => row.id),
    )
    const actionNames = new Map(pipeline.actions.map((action) => [action.id, action.name]))
    const activity = new Map(
      rows.map((row): [string, EngagementActivity] => [
        row.id,
        { engagementId: row.id, occurredAt: row.occurredAt, actions: [] },
      ]),
    )
    for (const result of results) {
      const entry = result.engagementId ? activity.get(result.engagementId) : undefined
      entry?.actions.push({ ...result, actionName: actionNames.get(result.actionId) ?? '' })
    }
    return activity
  }

  return {
    /** The deal's engagements in time order with their action results. */
    async ofDeal(caller: AuthUser, dealId: string): Promise<DealActivity> {
      const deal = await deals.get(db, caller.organisationId, dealId)
      const [rows, pipeline] = await Promise.all([
        engagements.listPeople(db, caller.organisationId, dealId),
        pipelines.get(caller, deal.pipelineId),
      ])
      const activity = await activityOf(caller.organisationId, pipeline, rows)
      return { dealId, dealName: deal.name, activity: [...activity.values()] }
    },

    /**
     * The activity of the pipeline's deals with engagements in the window, by deal name. The
     * engagements are read by time first (the window bounds the read), then kept when their deal
     * is the pipeline's.
     */
    async ofPipeline(
      caller: AuthUser,
      pipelineId: string,
      window: DateWindow,
    ): Promise<DealActivity[]> {
      const { organisationId } = caller
      const pipeline = await pipelines.get(caller, pipelineId)
      const from = new Date(`${window.start}T00:00:00Z`)
      const to = new Date(new Date(`${window.end}T00:00:00Z`).getTime() + DAY_MS)
      const inWindow = await engagements.listBetween(db, organisationId, from, to)
      const dealNames = new Map(
        (
          await findPipelineDeals(db, organisationId, pipelineId, [
            ...new Set(inWindow.map((row) => row.dealId)),
          ])
        ).map((deal) => [deal.id, deal.name]),
      )
      const kept = inWindow.filter((row) => dealNames.has(row.dealId))
      const activity = await activityOf(organisationId, pipeline, kept)
      const byDeal = new Map<string, DealActivity>()
      for (const row of kept) {
        const entry = activity.get(row.id)
        if (!entry) continue
        const deal = byDeal.get(row.dealId) ?? {
          dealId: row.dealId,
          dealName: dealNames.get(row.dealId) ?? '',
          activity: [],
        }
        deal.activity.push(entry)
        byDeal.set(row.dealId, deal)
      }
      return [...byDeal.values()].sort(
        (a, b) => a.dealName.localeCompare(b.dealName) || a.dealId.localeCompare(b.dealId),
      )
    },

    /**
     * The deal's contacts, each with how many of the deal's engagements they took part in (as a
     * participant or speaker, matched by e-mail or name) and the latest one's time.
     */
    async contactsOf(caller: AuthUser, dealId: string): Promise<EngagedContact[]> {
      const contacts = await deals.listContacts(db, caller.organisationId, dealId)
      const rows = await engagements.listPeople(db, caller.organisationId, dealId)
      const people = rows.map((row) => ({
        occurredAt: row.occurredAt,
        people: [...row.participants, ...row.speakers].map(personOf),
      }))
      return contacts.map((contact) => {
        const email = contact.email?.toLowerCase() ?? null
        const name = contact.name.trim().toLowerCase()
        const engaged = people.filter((row) =>
          row.people.some(
            (person) => (email !== null && person.email === email) || person.name === name,
          ),
        )
        return {
          ...contact,
          engagementCount: engaged.length,
          lastEngagedAt: engaged.at(-1)?.occurredAt ?? null,
        }
      })
    },
  }
}

export type DealActivityService = ReturnType<typeof createDealActivityService>

/** `Ann Lee <ann@acme.com>`, `ann@acme.com` or `Ann Lee`, lower-cased. */
function personOf(text: string): { email: string | null; name: string } {
  const trimmed = text.trim().toLowerCase()
  const bracketed = /^(.*)<([^>]+)>$/.exec(trimmed)
  if (bracketed) {
    return {
      email: bracketed[2]?.trim() ?? null,
      name: (bracketed[1] ?? '').trim().replace(/^"|"$/g, ''),
    }
  }
  return trimmed.includes('@') ? { email: trimmed, name: '' } : { email: null, name: trimmed }
}
