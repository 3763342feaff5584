import type { ObjectionCounts } from './objection-metrics.js'

export interface TypeConfusion {
  // Per labelled type: how many of its matched objections were typed right, of how many.
  byLabel: { type: string; correct: number; total: number }[]
  // The wrong types given, most frequent first.
  mistakes: { label: string; predicted: string; count: number }[]
}

// Which types the engine mixes up among the objections it found: the type accuracy alone
// does not say whether one pair of types or all of them cost the misses.
export function typeConfusion(pairs: ObjectionCounts['pairs']): TypeConfusion {
  const totals = new Map<string, { correct: number; total: number }>()
  const mistakes = new Map<string, { label: string; predicted: string; count: number }>()
  for (const { label, predicted } of pairs) {
    const total = totals.get(label) ?? { correct: 0, total: 0 }
    total.total++
    if (label === predicted) total.correct++
    totals.set(label, total)
    if (label === predicted) continue
    const key = `${label}\u0000${predicted}`
    const mistake = mistakes.get(key) ?? { label, predicted, count: 0 }
    mistake.count++
    mistakes.set(key, mistake)
  }
  return {
    byLabel: [...totals]
      .map(([type, t]) => ({ type, ...t }))
      .sort((a, b) => a.correct / a.total - b.correct / b.total || a.type.localeCompare(b.type)),
    mistakes: [...mistakes.values()].sort(
      (a, b) =>
        b.count - a.count ||
        a.label.localeCompare(b.label) ||
        a.predicted.localeCompare(b.predicted),
    ),
  }
}

// Plain text under a file's metrics table: the weakest types first, then the mix-ups seen
// more than `minCount` times (single slips are noise at a few hundred objections).
export function formatTypeConfusion(confusion: TypeConfusion, minCount = 1): string {
  const lines = ['  type accuracy by labelled type']
  const width = Math.max(0, ...confusion.byLabel.map((t) => t.type.length))
  for (const t of confusion.byLabel) {
    lines.push(`    ${t.type.padEnd(width)}  ${t.correct}/${t.total}`)
  }
  const shown = confusion.mistakes.filter((m) => m.count > minCount)
  if (shown.length > 0) {
    lines.push(`  typed wrong more than ${minCount}× (label -> given)`)
    for (const m of shown) lines.push(`    ${m.count}  ${m.label} -> ${m.predicted}`)
  }
  return lines.join('\n')
}
