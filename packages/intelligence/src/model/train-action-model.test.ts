import { describe, expect, it } from 'vitest'
import type { ActionStatusLabel } from '../actions/action-status.js'
import {
  chooseFallbacks,
  FALLBACK_MARGIN,
  type ActionRow,
  type HeldOutRow,
} from './train-action-model.js'

function row(id: string, status: ActionStatusLabel): ActionRow {
  return { id, key: 'current_solution', features: [], status, evidence: 1, shown: 1 }
}

// Ten held-out deals of one action, seven labelled completed. The fallback (always completed)
// is right on seven; the classifiers, whose log-odds put the chosen status first, on `learned`.
function heldOut(learned: number): { rows: ActionRow[]; held: HeldOutRow[] } {
  const rows = Array.from({ length: 10 }, (_, i) => row(`d${i}`, i < 7 ? 'completed' : 'not_done'))
  const held = rows.map((r, i) => {
    const right = i < learned
    const answer: ActionStatusLabel = right
      ? r.status
      : r.status === 'completed'
        ? 'ongoing'
        : 'completed'
    return { row: r, scores: { [answer]: 1 }, common: 'completed' as const }
  })
  return { rows, held }
}

describe('chooseFallbacks', () => {
  it('keeps the most common status while the classifiers lead it by less than the margin', () => {
    const { rows, held } = heldOut(7 + FALLBACK_MARGIN - 1)
    expect(chooseFallbacks(rows, held)).toEqual({ current_solution: 'completed' })
  })

  it('lets the classifiers answer once they are right on the margin more deals', () => {
    const { rows, held } = heldOut(7 + FALLBACK_MARGIN)
    expect(chooseFallbacks(rows, held)).toEqual({})
  })

  it('never falls back to not done', () => {
    const rows = Array.from({ length: 10 }, (_, i) => row(`d${i}`, 'not_done'))
    const held = rows.map((r) => ({
      row: r,
      scores: { completed: 1 },
      common: 'not_done' as const,
    }))
    expect(chooseFallbacks(rows, held)).toEqual({})
  })
})
