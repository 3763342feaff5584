/**
 * Spec §4: what an action's status text means, whatever words the engine or a CRM used —
 * case-insensitively, complete/done/success is completed, pending/wait/new is pending, anything
 * else is ongoing. The web app, the engine and the SQL function `action_progress_of` (migration
 * 0010, checked against these lists by a server test) all read status text this way.
 */
export const STATUS_TEXT_CUES = {
  completed: ['complete', 'done', 'success'],
  pending: ['pending', 'wait', 'new'],
} as const

export type StatusTextProgress = 'completed' | 'pending' | 'ongoing'

const mentions = (text: string, cues: readonly string[]) => cues.some((cue) => text.includes(cue))

export function progressOfStatusText(status: string): StatusTextProgress {
  const text = status.toLowerCase()
  if (mentions(text, STATUS_TEXT_CUES.completed)) return 'completed'
  if (mentions(text, STATUS_TEXT_CUES.pending)) return 'pending'
  return 'ongoing'
}
