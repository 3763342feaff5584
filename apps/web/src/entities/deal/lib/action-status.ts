import {
  progressOfStatusText,
  type StatusTextProgress as ActionProgress,
} from '@dealcoach/contracts/action-status'

export type { ActionProgress }

/** Spec §4: what an action's status text means, whatever words the engine or a CRM used. */
export const actionProgress = progressOfStatusText

export const PROGRESS_VARIANT = {
  completed: 'success',
  pending: 'secondary',
  ongoing: 'info',
} as const satisfies Record<ActionProgress, string>

/** Spec §4: how the action was worked on, from the kinds of evidence behind it. */
export type CommunicationMethod = 'mixed' | 'phone' | 'email'

export function communicationMethod(results: readonly { type: string }[]): CommunicationMethod {
  const byCall = results.some((result) => result.type === 'transcript')
  const byEmail = results.some((result) => result.type === 'email')
  if (byCall && byEmail) return 'mixed'
  return byCall ? 'phone' : 'email'
}
