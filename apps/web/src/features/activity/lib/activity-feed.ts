import type {
  DealStageHistory,
  EngagementType,
  PipelineDealActivity,
} from '@dealcoach/contracts/deal-activity'
import { subDays } from 'date-fns'
import { type ActionProgress, actionProgress } from '@/entities/deal/lib/action-status'
import { toIsoDate } from '@/lib/dates/iso-date'

/** Spec §7, §9: recent activity covers the 30 days back to today. */
export const RECENT_ACTIVITY_DAYS = 30

/** The window as the API takes it: yyyy-MM-dd, both days included. */
export interface ActivityWindow {
  startDate: string
  endDate: string
}

export function recentWindow(today: Date = new Date()): ActivityWindow {
  return { startDate: toIsoDate(subDays(today, RECENT_ACTIVITY_DAYS)), endDate: toIsoDate(today) }
}

interface ItemBase {
  /** Unique within the feed, for React keys. */
  key: string
  /** ISO instant. */
  at: string
  dealId: string
  dealName: string
}

/** Where an item opens on the deal screen: an engagement of the activity tab, or the deal. */
export interface EngagementRef {
  engagementId: string
  engagementName: string
}

export type FeedItem =
  | (ItemBase &
      EngagementRef & {
        kind: 'engagement'
        engagementType: EngagementType
        actionCount: number
        objectionCount: number
      })
  | (ItemBase &
      EngagementRef & {
        kind: 'status'
        action: string
        from: ActionProgress
        to: ActionProgress
      })
  | (ItemBase &
      EngagementRef & {
        kind: 'objection'
        objectionType: string
        quote: string
        handled: boolean
      })
  | (ItemBase & { kind: 'stage'; from: HistoryStage | null; to: HistoryStage })

/** A stage of a stage move: its id, and the name the history gives it (ADR 0034). */
export type HistoryStage = DealStageHistory['history'][number]['to_stage']

export interface FeedDay {
  /** The local calendar day, yyyy-MM-dd. */
  day: string
  items: FeedItem[]
}

/**
 * The action results whose status differs from the action's status in the deal's previous
 * engagement that reported it (the statuses before the window seed the comparison). Statuses are
 * compared by what they mean (spec §4), not their words: "Done" after "Completed" is no change. An
 * action nothing reported before starts out pending, so its first report counts when it is not.
 */
export function statusChanges(deal: PipelineDealActivity): Extract<FeedItem, { kind: 'status' }>[] {
  const known = new Map<string, ActionProgress>(
    deal.prior_statuses.map((prior) => [prior.action_id, actionProgress(prior.status)]),
  )
  const changes: Extract<FeedItem, { kind: 'status' }>[] = []
  for (const engagement of deal.activity) {
    for (const action of engagement.actions) {
      const to = actionProgress(action.status)
      const from = known.get(action.action_id) ?? 'pending'
      known.set(action.action_id, to)
      if (from === to) continue
      changes.push({
        kind: 'status',
        key: `status:${engagement.engagement_id}:${action.action_id}`,
        at: engagement.engagement_timestamp,
        dealId: deal.deal_id,
        dealName: deal.deal_name,
        engagementId: engagement.engagement_id,
        engagementName: engagement.engagement_name,
        action: action.action,
        from,
        to,
      })
    }
  }
  return changes
}

/** Calls, e-mails and the objections raised in them, with the status changes they brought. */
function dealItems(deal: PipelineDealActivity): FeedItem[] {
  const changes = new Map<string, FeedItem[]>()
  for (const change of statusChanges(deal)) {
    changes.set(change.engagementId, [...(changes.get(change.engagementId) ?? []), change])
  }
  return deal.activity.flatMap((engagement): FeedItem[] => {
    const base = {
      at: engagement.engagement_timestamp,
      dealId: deal.deal_id,
      dealName: deal.deal_name,
      engagementId: engagement.engagement_id,
      engagementName: engagement.engagement_name,
    }
    return [
      {
        ...base,
        kind: 'engagement',
        key: `engagement:${engagement.engagement_id}`,
        engagementType: engagement.engagement_type,
        actionCount: engagement.actions.length,
        objectionCount: engagement.objections.length,
      },
      ...(changes.get(engagement.engagement_id) ?? []),
      ...engagement.objections.map((objection): FeedItem => ({
        ...base,
        kind: 'objection',
        key: `objection:${objection.objection_id}`,
        objectionType: objection.objection_type_name,
        quote: objection.quote,
        handled: objection.handled,
      })),
    ]
  })
}

/** The deal's stage moves inside the window (its first stage, set at creation, is no move). */
function stageItems(
  deal: PipelineDealActivity,
  history: DealStageHistory | undefined,
  window: ActivityWindow,
): FeedItem[] {
  return (history?.history ?? [])
    .filter((entry) => entry.from_stage !== null && inWindow(entry.timestamp, window))
    .map((entry) => ({
      kind: 'stage',
      key: `stage:${deal.deal_id}:${entry.timestamp}:${entry.to_stage.stage_id}`,
      at: entry.timestamp,
      dealId: deal.deal_id,
      dealName: deal.deal_name,
      from: entry.from_stage,
      to: entry.to_stage,
    }))
}

function inWindow(at: string, window: ActivityWindow): boolean {
  const day = toIsoDate(new Date(at))
  return day >= window.startDate && day <= window.endDate
}

/**
 * The feed of the deals' activity by local day, newest day first and newest item first within a
 * day; an engagement's status changes and objections follow it.
 */
export function activityFeed(
  deals: readonly PipelineDealActivity[],
  histories: readonly DealStageHistory[],
  window: ActivityWindow,
): FeedDay[] {
  const historyOf = new Map(histories.map((history) => [history.deal_id, history]))
  const items = deals.flatMap((deal) => [
    ...dealItems(deal),
    ...stageItems(deal, historyOf.get(deal.deal_id), window),
  ])
  // A stable sort keeps an engagement's own items, which share its time, in their order.
  const ordered = items
    .map((item, index) => ({ item, index, time: Date.parse(item.at) }))
    .sort((a, b) => b.time - a.time || a.index - b.index)
    .map(({ item }) => item)
  const days = new Map<string, FeedItem[]>()
  for (const item of ordered) {
    const day = toIsoDate(new Date(item.at))
    const group = days.get(day)
    if (group) group.push(item)
    else days.set(day, [item])
  }
  return [...days].map(([day, dayItems]) => ({ day, items: dayItems }))
}
