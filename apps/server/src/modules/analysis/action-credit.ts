import { progressOfStatusText } from '@dealcoach/contracts/action-status'

/** What a stored action result says about who moved the action, as far as crediting goes. */
export interface ActionCredit {
  actionId: string
  status: string
  engagementId: string | null
}

/**
 * An action result is credited to the engagement that brought the action to its status: the
 * activity lists each engagement with the actions it moved, and the recent-activity feed reads a
 * status change off the engagement its result sits on. The engine credits each result to the
 * engagement of the action's latest evidence, which a later call or e-mail that only goes over the
 * same ground takes over; so when a run keeps an action's status (by its meaning, spec §4: "Done"
 * after "Completed" is no change), the result stays with the engagement it was credited to before.
 * A changed status takes the engine's engagement: the latest evidence, which moved it.
 */
export function keepCreditOfUnchangedStatuses<
  T extends Omit<ActionCredit, 'engagementId'> & { engagementId?: string | null },
>(previous: readonly ActionCredit[], next: readonly T[]): T[] {
  const before = new Map(previous.map((row) => [row.actionId, row]))
  return next.map((row) => {
    const old = before.get(row.actionId)
    if (!old?.engagementId) return row
    if (progressOfStatusText(old.status) !== progressOfStatusText(row.status)) return row
    return { ...row, engagementId: old.engagementId }
  })
}
