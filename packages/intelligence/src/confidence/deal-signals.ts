import type {
  ActionResult,
  DetectedObjection,
  ExplanationParams,
  ParsedAnalysisInput,
  SolutionFit,
} from '@dealcoach/contracts/intelligence'
import { agreesDatedNextStep } from './next-step.js'

// The facts confidence and risk warnings are computed from, gathered once.
export interface DealSignals {
  solutionFit: SolutionFit
  actionResults: readonly ActionResult[]
  objections: readonly DetectedObjection[]
  daysSinceActivity: number | null
  daysInStage: number | null
  // When the deal was last active and entered its stage, for an open deal: what the day counts
  // above are counted from, so that they can be read again on a later day (redate-confidence.ts).
  // Null for a closed deal, which is read as it stood when it closed.
  lastActivityAt: string | null
  stageEnteredAt: string | null
  buyerSpeakers: number
  currentStageActions: number
  currentStageCompleted: number
  pastStageActions: number
  pastStageCompleted: number
  hasNextStep: boolean
  // Won or lost: what kept an open deal moving (recent activity, a next step) no longer applies.
  closed: boolean
}

const DAY_MS = 86_400_000

/**
 * A day count's params: the count, and for an open deal the day it runs from (`since`), so that
 * it can be read again on a later day (redate-confidence.ts).
 */
export function dayCountParams(days: number, since: string | null): ExplanationParams {
  return { count: days, ...(since ? { since } : {}) }
}

/** Whole days from `from` to `to` (ms), none below 0; null without a valid `from`. */
export function daysBetween(from: string | null | undefined, to: number): number | null {
  if (!from) return null
  const at = Date.parse(from)
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((to - at) / DAY_MS))
}

export function gatherDealSignals(
  input: ParsedAnalysisInput,
  solutionFit: SolutionFit,
  actionResults: readonly ActionResult[],
  objections: readonly DetectedObjection[],
): DealSignals {
  const dates = input.engagements
    .map((e) => (e.occurred_at ? Date.parse(e.occurred_at) : Number.NaN))
    .filter((d) => !Number.isNaN(d))
  const lastActivity = dates.length > 0 ? Math.max(...dates) : null
  const closed = input.deal.status === 'won' || input.deal.status === 'lost'
  const now = measuredAt(input, closed, lastActivity)
  const lastStageChange = [...input.deal.stage_history]
    .sort((a, b) => a.at.localeCompare(b.at))
    .pop()
  const lastActivityAt = lastActivity === null ? null : new Date(lastActivity).toISOString()
  const stageEnteredAt = lastStageChange?.at ?? input.deal.created_at ?? null
  // The providers name each e-mail's sender as the deal names them (email/sender-names.ts), so
  // Tom Becker on a call and in an e-mail from tom.becker@… is one buyer, not two.
  const person = (label: string) => label.trim().toLowerCase()
  const buyers = new Set<string>()
  for (const e of input.engagements) {
    for (const u of e.utterances ?? []) if (u.role === 'buyer') buyers.add(person(u.speaker))
    if (e.direction === 'inbound' && e.from) buyers.add(person(e.from))
  }
  const stageOrder = new Map(input.pipeline.stages.map((s) => [s.id, s.position]))
  const currentPosition = input.deal.stage_id ? stageOrder.get(input.deal.stage_id) : undefined
  const completedIds = new Set(
    actionResults.filter((a) => a.status === 'Completed').map((a) => a.action_id),
  )
  let currentStageActions = 0
  let currentStageCompleted = 0
  let pastStageActions = 0
  let pastStageCompleted = 0
  for (const action of input.pipeline.actions) {
    const position = action.stage_id ? stageOrder.get(action.stage_id) : undefined
    const isCurrent =
      currentPosition === undefined || position === undefined || position === currentPosition
    const isPast =
      currentPosition !== undefined && position !== undefined && position < currentPosition
    if (isCurrent) {
      currentStageActions++
      if (completedIds.has(action.id)) currentStageCompleted++
    } else if (isPast) {
      pastStageActions++
      if (completedIds.has(action.id)) pastStageCompleted++
    }
  }
  // A playbook's own next-step action, where it has one; else what the latest call or e-mail says.
  const nextStep = actionResults.find((a) => /next step/i.test(a.action))
  return {
    solutionFit,
    actionResults,
    objections,
    daysSinceActivity: daysBetween(lastActivityAt, now),
    daysInStage: daysBetween(stageEnteredAt, now),
    lastActivityAt: closed ? null : lastActivityAt,
    stageEnteredAt: closed ? null : stageEnteredAt,
    buyerSpeakers: buyers.size,
    currentStageActions,
    currentStageCompleted,
    pastStageActions,
    pastStageCompleted,
    hasNextStep:
      (nextStep !== undefined && nextStep.status !== 'In progress') ||
      agreesDatedNextStep(input.engagements),
    closed,
  }
}

/**
 * When the deal's calendar is read. Without an explicit "now" the latest engagement is now, so
 * analysis stays reproducible. A closed deal is read as it stood when it closed (its close date,
 * if that is earlier): a deal won two months ago has not gone quiet for two months.
 */
function measuredAt(
  input: ParsedAnalysisInput,
  closed: boolean,
  lastActivity: number | null,
): number {
  const now = input.as_of ? Date.parse(input.as_of) : (lastActivity ?? 0)
  if (!closed || !input.deal.close_date) return now
  const closedAt = Date.parse(input.deal.close_date)
  if (Number.isNaN(closedAt)) return now
  // A close date is a day: the deal closed by its end.
  return Math.min(now, closedAt + DAY_MS)
}
