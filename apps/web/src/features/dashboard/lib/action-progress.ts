import type { DealActivity, DealStageHistory } from '@dealcoach/contracts/deal-activity'
import {
  actionProgress,
  type ActionProgress,
  type CommunicationMethod,
  communicationMethod,
} from '@/entities/deal/lib/action-status'
import {
  actionResultTexts,
  type ActionResultTexts,
} from '@/entities/deal/lib/analysis-explanations'

/** Spec §3: the derived action-progress item. Stages are names when known, else ids. */
export interface ActionProgressItem {
  action_title: string
  action_description: string
  /** The summary and status description with their codes, said in the reader's language. */
  action_texts: ActionResultTexts
  communication_method: CommunicationMethod
  current_stage: string | null
  previous_stage: string | null
  current_status: ActionProgress
  timestamp: string
}

/** Spec §3: one deal's progress, newest action first. */
export interface DealActionProgress {
  deal_id: string
  deal_name: string
  owner_name: string
  actions: ActionProgressItem[]
  last_updated: string
}

/** Spec §3's owner_name, kept for a deal without an owner; others show their owner (ADR 0027). */
export const UNKNOWN_OWNER = 'Unknown'

/** An activity model as it may arrive: the spec has the client skip deals without an array. */
export type ActivityModel = Omit<DealActivity, 'activity'> & { activity?: unknown }

export interface DeriveOptions {
  /**
   * A stage's name by id in the current pipeline. A stage it no longer has is named as the deal's
   * stage history names it (ADR 0034), and by its id only when the history gives no name.
   */
  stageName?: (stageId: string) => string | undefined
  /** Owners' names by deal id, where the page knows them better than the activity does. */
  ownerNames?: Readonly<Record<string, string>>
  warn?: (message: string) => void
}

type HistoryEntry = DealStageHistory['history'][number]

const time = (timestamp: string) => {
  const value = Date.parse(timestamp)
  return Number.isNaN(value) ? 0 : value
}

/**
 * The deal's stage when something happened at `timestamp`: the stage the latest change before
 * it moved to, and the one it came from. Before the first recorded change the deal sat in that
 * change's starting stage (or in its first stage, for a history that starts with the deal).
 */
export function stageAt(
  history: readonly HistoryEntry[],
  timestamp: string,
): { current: string | null; previous: string | null } {
  const at = time(timestamp)
  const sorted = [...history].sort((a, b) => time(a.timestamp) - time(b.timestamp))
  const last = sorted.filter((entry) => time(entry.timestamp) <= at).at(-1)
  if (last) return { current: last.to_stage.stage_id, previous: last.from_stage?.stage_id ?? null }
  const first = sorted[0]
  if (!first) return { current: null, previous: null }
  return { current: first.from_stage?.stage_id ?? first.to_stage.stage_id, previous: null }
}

/** The stage names the histories give, by stage id: those of removed stages among them. */
function historyNames(histories: readonly DealStageHistory[]): Map<string, string> {
  const names = new Map<string, string>()
  for (const { history } of histories) {
    for (const entry of history) {
      for (const stage of [entry.from_stage, entry.to_stage]) {
        if (stage?.name !== undefined) names.set(stage.stage_id, stage.name)
      }
    }
  }
  return names
}

/**
 * Spec §3/§4: each deal's playbook actions as the pipeline's activity tells them, with the stage
 * the deal was in at the time from its stage history. An action found in several engagements
 * shows its latest result. Deals without an activity array are skipped with a warning (spec §5);
 * deals with no action result are left out, having nothing to show.
 */
export function deriveActionProgress(
  models: readonly ActivityModel[],
  histories: readonly DealStageHistory[],
  { stageName = () => undefined, ownerNames = {}, warn = console.warn }: DeriveOptions = {},
): DealActionProgress[] {
  const historyOf = new Map(histories.map((entry) => [entry.deal_id, entry.history]))
  const kept = historyNames(histories)
  const named = (stageId: string | null) =>
    stageId ? (stageName(stageId) ?? kept.get(stageId) ?? stageId) : null
  const deals: DealActionProgress[] = []

  for (const model of models) {
    if (!Array.isArray(model.activity)) {
      warn(`Deal ${model.deal_id} has no activity array; skipped.`)
      continue
    }
    const engagements = model.activity as DealActivity['activity']
    const history = historyOf.get(model.deal_id) ?? []
    const latest = new Map<string, ActionProgressItem>()
    for (const engagement of engagements) {
      const stage = stageAt(history, engagement.engagement_timestamp)
      for (const action of engagement.actions) {
        const key = action.action_id || action.action
        const seen = latest.get(key)
        if (seen && time(seen.timestamp) > time(engagement.engagement_timestamp)) continue
        latest.set(key, {
          action_title: action.action,
          action_description: action.summary || action.status_description,
          action_texts: actionResultTexts(action),
          communication_method: communicationMethod(action.results),
          current_stage: named(stage.current),
          previous_stage: named(stage.previous),
          current_status: actionProgress(action.status),
          timestamp: engagement.engagement_timestamp,
        })
      }
    }
    const actions = [...latest.values()].sort((a, b) => time(b.timestamp) - time(a.timestamp))
    const [newest] = actions
    if (!newest) continue
    deals.push({
      deal_id: model.deal_id,
      deal_name: model.deal_name,
      owner_name: ownerNames[model.deal_id] ?? UNKNOWN_OWNER,
      actions,
      last_updated: newest.timestamp,
    })
  }
  return deals.sort((a, b) => time(b.last_updated) - time(a.last_updated))
}
