import type { EngineActionStatus } from '@dealcoach/contracts/intelligence'

export type ActionProgress = 'completed' | 'pending' | 'ongoing'

// What the eval labels and the trained status model know: the three progresses or not done.
export const ACTION_STATUSES = ['completed', 'pending', 'ongoing', 'not_done'] as const
export type ActionStatusLabel = (typeof ACTION_STATUSES)[number]

// Spec §4: the UI derives an action's state from its status text, case-insensitively:
// complete/done/success → completed; pending/wait/new → pending; anything else → ongoing.
export function progressFromStatusText(status: string): ActionProgress {
  const text = status.toLowerCase()
  if (/complete|done|success/.test(text)) return 'completed'
  if (/pending|wait|new/.test(text)) return 'pending'
  return 'ongoing'
}

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
