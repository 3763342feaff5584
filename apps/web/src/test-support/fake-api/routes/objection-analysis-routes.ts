import {
  type CommonObjections,
  commonObjectionsQuerySchema,
  commonObjectionsResponseSchema,
  type ObjectionAnalysis,
  objectionAnalysisQuerySchema,
  objectionAnalysisResponseSchema,
  type ObjectionHandlingStats,
  objectionHandlingStatsQuerySchema,
  objectionHandlingStatsResponseSchema,
} from '@dealcoach/contracts/objection-analysis'
import type { Objection } from '@dealcoach/contracts/objections'
import type { Deal } from '@/entities/deal/api/types'
import type { FakeApiState, FakeObjectionFeedback } from '../fake-api-state'
import { answer, page, route } from '../fake-route'

// The objection report's calls (issue 14), worked out from the fake's objections the way the server
// reads them: a rejected objection is left out everywhere, one moved to another type counts there,
// and the deal filters read the deal each objection belongs to.

type Query = Record<string, unknown>

const DAY_MS = 86_400_000

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
const list = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : (text(value)
        ?.split(',')
        .map((item) => item.trim())
        .filter(Boolean) ?? [])

/** An objection as the report counts it: under its corrected type, with its deal. */
export interface ObjectionReading {
  objection: Objection
  typeId: string
  deal: Deal | undefined
  feedback: FakeObjectionFeedback | undefined
}

/** The latest correction of an objection, if any. */
export const feedbackOf = (state: FakeApiState, objectionId: string) =>
  state.objectionFeedback.filter((feedback) => feedback.objection_id === objectionId).at(-1)

/** A date or date-time of a query as milliseconds; a bare date is midnight UTC. */
const instant = (value: string | undefined) =>
  value === undefined ? undefined : Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)

function dealMatches(deal: Deal | undefined, q: Query): boolean {
  const pipelineId = text(q['pipeline_id.eq']) ?? text(q.pipelineId)
  const stages = list(q['stage_id.in'] ?? q.stageIds)
  const ownerId = text(q['owner_id.eq']) ?? text(q.ownerId)
  const statuses = list(q['status.in'] ?? q.statuses)
  const narrowed = pipelineId || stages.length > 0 || ownerId || statuses.length > 0
  if (!deal) return !narrowed
  return (
    (!pipelineId || deal.pipeline_id === pipelineId) &&
    (stages.length === 0 || stages.includes(deal.stage_id)) &&
    (!ownerId || deal.owner_id === ownerId) &&
    (statuses.length === 0 || statuses.includes(deal.status))
  )
}

/** The objections the filters select, rejected ones left out, newest first. */
export function readings(state: FakeApiState, q: Query): ObjectionReading[] {
  const types = list(q['objection_type_id.in'])
  const typeId = text(q['objection_type_id.eq'])
  const from = instant(text(q['engagement_timestamp.gte']) ?? text(q['created.gte']))
  const to = instant(text(q['engagement_timestamp.lte']))
  const before = instant(text(q['created.lt']))
  const handled = text(q['handled.eq'])
  return state.objections
    .map((objection): ObjectionReading => {
      const feedback = feedbackOf(state, objection.id)
      return {
        objection,
        typeId:
          feedback?.verdict === 'other_type' && feedback.corrected_type_id
            ? feedback.corrected_type_id
            : objection.objection_type_id,
        deal: state.dealsArea.deals.find((deal) => deal.id === objection.deal_id),
        feedback,
      }
    })
    .filter((reading) => {
      const at = Date.parse(reading.objection.occurred_at)
      return (
        reading.feedback?.verdict !== 'not_objection' &&
        dealMatches(reading.deal, q) &&
        (!typeId || reading.typeId === typeId) &&
        (types.length === 0 || types.includes(reading.typeId)) &&
        (from === undefined || at >= from) &&
        (to === undefined || at <= to) &&
        (before === undefined || at < before) &&
        (!handled || String(reading.objection.handled) === handled)
      )
    })
    .sort((a, b) => b.objection.occurred_at.localeCompare(a.objection.occurred_at))
}

const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole)

function counts(rows: readonly ObjectionReading[]) {
  const handled = rows.filter((row) => row.objection.handled).length
  return { raised: rows.length, handled, handled_rate: rate(handled, rows.length) }
}

/** The first day of the week (Monday) or month the time falls in. */
function bucketOf(occurredAt: string, interval: 'week' | 'month'): string {
  if (interval === 'month') return `${occurredAt.slice(0, 7)}-01`
  const day = new Date(`${occurredAt.slice(0, 10)}T00:00:00Z`)
  const sinceMonday = (day.getUTCDay() + 6) % 7
  return new Date(day.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10)
}

function trend(rows: readonly ObjectionReading[], interval: 'week' | 'month') {
  const buckets = new Map<string, ObjectionReading[]>()
  for (const row of rows) {
    const start = bucketOf(row.objection.occurred_at, interval)
    buckets.set(start, [...(buckets.get(start) ?? []), row])
  }
  return [...buckets]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([start, inBucket]) => ({ start, ...counts(inBucket) }))
}

/** Whether the deal moved to a later stage after `since`. */
function progressed(state: FakeApiState, dealId: string, since: string) {
  return (state.activity.stageHistory[dealId] ?? []).some(
    (entry) => entry.from_stage !== null && entry.timestamp > since,
  )
}

/** Deals that met the type, split by whether its latest instance there was handled. */
function outcomes(state: FakeApiState, rows: readonly ObjectionReading[]) {
  const byDeal = new Map<string, ObjectionReading[]>()
  for (const row of rows) {
    byDeal.set(row.objection.deal_id, [...(byDeal.get(row.objection.deal_id) ?? []), row])
  }
  const empty = () => ({ deals: 0, closed: 0, won: 0, progressed: 0 })
  const split = { handled: empty(), not_handled: empty() }
  for (const [dealId, dealRows] of byDeal) {
    const ordered = [...dealRows].sort((a, b) =>
      a.objection.occurred_at.localeCompare(b.objection.occurred_at),
    )
    const side = ordered.at(-1)?.objection.handled ? split.handled : split.not_handled
    const status = dealRows[0]?.deal?.status
    side.deals += 1
    if (status === 'won' || status === 'lost') side.closed += 1
    if (status === 'won') side.won += 1
    if (progressed(state, dealId, ordered[0]?.objection.occurred_at ?? '')) side.progressed += 1
  }
  const withRates = (side: ReturnType<typeof empty>) => ({
    ...side,
    win_rate: rate(side.won, side.closed),
    progress_rate: rate(side.progressed, side.deals),
  })
  return { handled: withRates(split.handled), not_handled: withRates(split.not_handled) }
}

const dealCount = (rows: readonly ObjectionReading[]) =>
  new Set(rows.map((row) => row.objection.deal_id)).size

function commonObjections(state: FakeApiState, q: Query): CommonObjections {
  const rows = readings(state, q)
  const interval = q.interval === 'month' ? 'month' : 'week'
  const typeIds = [...new Set(rows.map((row) => row.typeId))]
  return {
    total: { ...counts(rows), deals: dealCount(rows) },
    interval,
    trend: trend(rows, interval),
    types: typeIds
      .map((typeId) => {
        const own = rows.filter((row) => row.typeId === typeId)
        const type = state.objectionTypes.find((candidate) => candidate.id === typeId)
        return {
          objection_type_id: typeId,
          name: type?.name ?? 'Unknown type',
          active: type?.active ?? false,
          ...counts(own),
          share: rate(own.length, rows.length),
          deals: dealCount(own),
          trend: trend(own, interval),
          outcomes: outcomes(state, own),
        }
      })
      .sort((a, b) => b.raised - a.raised || a.name.localeCompare(b.name)),
  }
}

/** The owner of a deal by name, as the team list names them; null when nobody owns it. */
function ownerOf(state: FakeApiState, deal: Deal | undefined) {
  if (!deal?.owner_id) return null
  const user = state.users.find((candidate) => candidate.id === deal.owner_id)
  const name = user ? `${user.first_name} ${user.last_name}`.trim() || user.email : 'Former user'
  return { id: deal.owner_id, name }
}

function handlingStats(state: FakeApiState, q: Query): ObjectionHandlingStats {
  const rows = readings(state, q)
  const byOwner = new Map<string, ObjectionReading[]>()
  for (const row of rows) {
    const key = row.deal?.owner_id ?? ''
    byOwner.set(key, [...(byOwner.get(key) ?? []), row])
  }
  return {
    total: counts(rows),
    reps: [...byOwner.values()]
      .map((own) => ({
        owner: ownerOf(state, own[0]?.deal),
        ...counts(own),
        types: [...new Set(own.map((row) => row.typeId))].map((typeId) => ({
          objection_type_id: typeId,
          ...counts(own.filter((row) => row.typeId === typeId)),
        })),
      }))
      .sort((a, b) => b.raised - a.raised),
  }
}

/** One objection as GET /v1/objections/analysis answers it. */
function analysisOf(state: FakeApiState, reading: ObjectionReading): ObjectionAnalysis {
  const { objection, deal, feedback } = reading
  const engagement = state.dealsArea.engagements.find(
    (candidate) => candidate.id === objection.engagement_id,
  )
  const type = state.objectionTypes.find((candidate) => candidate.id === reading.typeId)
  return {
    id: objection.id,
    objection_type_id: reading.typeId,
    type_name: type?.name ?? 'Unknown type',
    text: objection.text,
    speaker: objection.speaker,
    response: objection.response,
    handled: objection.handled,
    handling_score: objection.handling_score,
    created: objection.occurred_at,
    utterance_index: null,
    deal: {
      id: objection.deal_id,
      name: deal?.name ?? objection.deal_name,
      status: deal?.status ?? 'open',
      stage_id: deal?.stage_id ?? objection.deal_id,
      owner: ownerOf(state, deal),
    },
    engagement: {
      id: objection.engagement_id,
      type: engagement?.type ?? 'transcript',
      name: engagement?.name ?? 'Call',
      occurred_at: engagement?.occurred_at ?? objection.occurred_at,
    },
    feedback: feedback
      ? {
          id: feedback.id,
          verdict: feedback.verdict,
          original_type_id: objection.objection_type_id,
        }
      : null,
  }
}

function analysisList(state: FakeApiState, q: Query) {
  const rows = readings(state, q)
  const ascending = q.direction === 'asc'
  const ordered =
    q.order_by === 'handling_score'
      ? [...rows].sort((a, b) => a.objection.handling_score - b.objection.handling_score)
      : [...rows].reverse()
  const directed = ascending ? ordered : ordered.reverse()
  return page(
    directed.map((reading) => analysisOf(state, reading)),
    Number(q.page ?? 1),
    Number(q.page_size ?? 30),
  )
}

export const objectionAnalysisRoutes = [
  route('GET', '/v1/objections/common-objections-analysis', {
    query: commonObjectionsQuerySchema,
    answers: { 200: commonObjectionsResponseSchema },
    handle: ({ query }, state) => answer(200, { data: commonObjections(state, query) }),
  }),
  route('GET', '/v1/objections/analysis/handling-stats', {
    query: objectionHandlingStatsQuerySchema,
    answers: { 200: objectionHandlingStatsResponseSchema },
    handle: ({ query }, state) => answer(200, { data: handlingStats(state, query) }),
  }),
  route('GET', '/v1/objections/analysis', {
    query: objectionAnalysisQuerySchema,
    answers: { 200: objectionAnalysisResponseSchema },
    handle: ({ query }, state) => answer(200, analysisList(state, query)),
  }),
]
