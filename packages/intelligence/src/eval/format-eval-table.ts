import type { EvalMetrics } from './eval-metrics.js'

function cell(value: number | null): string {
  return value === null ? '—' : value.toFixed(3)
}

// A plain-text table of one file's metrics, for the terminal and for pasting in notes.
export function formatEvalTable(title: string, m: EvalMetrics): string {
  const rows: [string, number | null][] = [
    ['objections precision', m.objections.precision],
    ['objections recall', m.objections.recall],
    ['objections f1', m.objections.f1],
    ['objections type_accuracy', m.objections.type_accuracy],
    ['objections type_macro_f1', m.objections.type_macro_f1],
    ['objections handled_accuracy', m.objections.handled_accuracy],
    ['actions status_accuracy', m.actions.status_accuracy],
    ['actions completed_f1', m.actions.completed_f1],
    ['solution_fit mae', m.solution_fit.mae],
    ['solution_fit tier_exact', m.solution_fit.tier_exact],
  ]
  const width = Math.max(...rows.map(([name]) => name.length))
  const lines = [`${title} (${m.cases} cases)`, `  ${'metric'.padEnd(width)}  value`]
  for (const [name, value] of rows) lines.push(`  ${name.padEnd(width)}  ${cell(value)}`)
  return lines.join('\n')
}
