import type { ActionProgress } from '@dealcoach/contracts/deal-stats'

/** The order and colours of the four outcomes of a playbook action, the same in every chart. */
export const PROGRESS_ORDER = [
  'completed',
  'pending',
  'ongoing',
  'not_done',
] as const satisfies readonly ActionProgress[]

export const PROGRESS_COLOUR: Record<ActionProgress, string> = {
  completed: '#059669',
  pending: '#d97706',
  ongoing: '#4f46e5',
  not_done: '#9ca3af',
}

/** The action results the completion chart stacks, bottom to top. */
export const COMPLETION_SERIES = [
  'completed',
  'pending',
  'ongoing',
] as const satisfies readonly ActionProgress[]
