import {
  progressOfStatusText,
  type StatusTextProgress as ActionProgress,
} from '@dealcoach/contracts/action-status'
import type { EngineActionStatus } from '@dealcoach/contracts/intelligence'

export type { ActionProgress }

// What the eval labels and the trained status model know: the three progresses or not done.
export const ACTION_STATUSES = ['completed', 'pending', 'ongoing', 'not_done'] as const
export type ActionStatusLabel = (typeof ACTION_STATUSES)[number]

// Spec §4: the UI derives an action's state from its status text (contracts/action-status).
export const progressFromStatusText = progressOfStatusText

const STATUS_TEXT: Record<ActionProgress, EngineActionStatus> = {
  completed: 'Completed',
  pending: 'Pending',
  ongoing: 'In progress',
}

// The engine writes exactly these strings, chosen so that progressFromStatusText reads each
// one back as the progress it was written for.
export function statusText(progress: ActionProgress): EngineActionStatus {
  return STATUS_TEXT[progress]
}
