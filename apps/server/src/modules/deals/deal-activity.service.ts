import type { Database } from '../../db/client.js'
import type { StoredActionExplanations } from '../../lib/action-result-explanations.js'
import type { AuthUser } from '../../lib/caller.js'
import type { Pipeline } from '../pipelines/pipeline.js'
import {
  type ActivityFilter,
  countActiveDeals,
  type EngagementObjectionRow,
  listActiveDeals,
  listPriorStatuses,
  listWindowEngagements,
  listWindowObjections,
  type WindowEngagementRow,
} from './deal-activity.repository.js'
import type { DealContactRow, DealsService } from './deals.service.js'

/** One action result the analysis attributed to an engagement. */
export interface ActionResultRow extends StoredActionExplanations {
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
  }
  analysis: {
    engagementActionResults(
      tx: Database,
      organisationId: string,
      engagementIds: readonly string[],
    ): Promise<ActionResultRow[]>
    windowActionResults(
      tx: Database,
      organisationId: string,
      dealIds: readonly string[],
      window: { from: Date; to: Date },
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

/** A deal of a pipeline's activity, with what the feed of recent activity shows of it. */
export interface PipelineDealActivity extends DealActivity {
  stageId: string
  owner: { id: string; name: string } | null
  latestAt: Date
  activity: (EngagementActivity & {
    type: WindowEngagementRow['type']
    name: string
    objections: EngagementObjectionRow[]
  })[]
  priorStatuses: { actionId: string; status: string }[]
}

export interface PipelineActivityPage {
  deals: PipelineDealActivity[]
  total: number
}

export interface PipelineActivityOptions {
  ownerId?: string
  page: number
  perPage: number
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
  function activityOf(
    pipeline: Pipeline,
    rows: readonly { id: string; occurredAt: Date }[],
    results: readonly ActionResultRow[],
  ): Map<string, EngagementActivity> {
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
      const results = await analysis.engagementActionResults(
        db,
        caller.organisationId,
        rows.map((row) => row.id),
      )
      const activity = activityOf(pipeline, rows, results)
      return { dealId, dealName: deal.name, activity: [...activity.values()] }
    },

    /**
     * One page of the pipeline's deals with engagements in the window, latest activity first: each
     * with those engagements (oldest first), their action results and objections, and each
     * action's status before the window. Only the page's deals are read past the ranking.
     */
    async ofPipeline(
      caller: AuthUser,
      pipelineId: string,
      window: DateWindow,
      options: PipelineActivityOptions,
    ): Promise<PipelineActivityPage> {
      const { organisationId } = caller
      const filter: ActivityFilter = {
        organisationId,
        pipelineId,
        ...(options.ownerId ? { ownerId: options.ownerId } : {}),
        from: new Date(`${window.start}T00:00:00Z`),
        to: new Date(new Date(`${window.end}T00:00:00Z`).getTime() + DAY_MS),
      }
      const page = { limit: options.perPage, offset: (options.page - 1) * options.perPage }
      // Side by side: the reads are scoped to the organisation, so another organisation's
      // pipeline finds nothing and its 404 comes from pipelines.get. The page is read as if no
      // deal's last activity were after the window (the default window) and again when some are.
      const [pipeline, counts, settledPage] = await Promise.all([
        pipelines.get(caller, pipelineId),
        countActiveDeals(db, filter),
        listActiveDeals(db, filter, { ...page, withLater: false }),
      ])
      const total = counts.settled + counts.later
      const rows =
        counts.later > 0
          ? await listActiveDeals(db, filter, { ...page, withLater: true })
          : settledPage
      const dealIds = rows.map((row) => row.id)
      // The page's engagements and what was found in them, side by side: the results and
      // objections are read by deal and window, not by the engagements' ids.
      const [engagementRows, priorRows, results, objectionRows] = await Promise.all([
        listWindowEngagements(db, filter, dealIds),
        listPriorStatuses(db, organisationId, dealIds, filter.from),
        analysis.windowActionResults(db, organisationId, dealIds, filter),
        listWindowObjections(db, filter, dealIds),
      ])
      const activity = activityOf(pipeline, engagementRows, results)
      const objectionsOf = groupBy(objectionRows, (row) => row.engagementId)
      const engagementsOf = groupBy(engagementRows, (row) => row.dealId)
      const priorsOf = groupBy(priorRows, (row) => row.dealId)
      const deals = rows.map((row): PipelineDealActivity => ({
        dealId: row.id,
        dealName: row.name,
        stageId: row.stageId,
        owner: row.ownerId
          ? {
              id: row.ownerId,
              name: [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' '),
            }
          : null,
        latestAt: row.latestAt,
        activity: (engagementsOf.get(row.id) ?? []).map((engagement) => ({
          engagementId: engagement.id,
          occurredAt: engagement.occurredAt,
          actions: activity.get(engagement.id)?.actions ?? [],
          type: engagement.type,
          name: engagement.name,
          objections: objectionsOf.get(engagement.id) ?? [],
        })),
        priorStatuses: (priorsOf.get(row.id) ?? []).map(({ actionId, status }) => ({
          actionId,
          status,
        })),
      }))
      return { deals, total }
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

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const key = keyOf(row)
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return groups
}

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
