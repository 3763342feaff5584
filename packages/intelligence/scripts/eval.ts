// `npm run eval [-- --json REPORT] [--confusion] [--splits N] [FILES...]` from the repository
// root: scores the builtin engine on JSON Lines eval files (format: ../shared/eval/README.md);
// `--confusion` adds each file's type accuracy by labelled type and its common mix-ups;
// `--splits N` cross-validates the training files over N different fold splits (pooled, with
// each split's figures below), so a change is not judged on one split's luck.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEvalCases } from '../src/eval/eval-case.js'
import {
  mergeTallies,
  metricsOf,
  type EvalMetrics,
  type EvalTally,
} from '../src/eval/eval-metrics.js'
import { formatEvalTable } from '../src/eval/format-eval-table.js'
import { CROSS_VALIDATION_FOLDS, crossValidate } from '../src/eval/cross-validate.js'
import { runEval } from '../src/eval/run-eval.js'
import { formatTypeConfusion, typeConfusion } from '../src/eval/type-confusion.js'

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

interface EvalArgs {
  json: string | null
  confusion: boolean
  splits: number
  files: string[]
}

function parseArgs(argv: readonly string[]): EvalArgs {
  let json: string | null = null
  let confusion = false
  let splits = 1
  const files: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--json') {
      const next = argv[++i]
      if (!next) throw new Error('--json needs a file name')
      json = resolve(process.cwd(), next)
    } else if (arg === '--confusion') {
      confusion = true
    } else if (arg === '--splits') {
      splits = Number(argv[++i])
      if (!Number.isInteger(splits) || splits < 1) throw new Error('--splits needs a count >= 1')
    } else if (arg.startsWith('--json=')) {
      json = resolve(process.cwd(), arg.slice('--json='.length))
    } else {
      files.push(resolve(process.cwd(), arg))
    }
  }
  return { json, confusion, splits, files }
}

// One line per fold split: the figures that move most from one split to the next.
function formatSplitLines(tallies: readonly EvalTally[]): string {
  const cell = (value: number | null): string => (value === null ? '—' : value.toFixed(3))
  return tallies
    .map((tally, split) => {
      const m = metricsOf(tally)
      return (
        `  split ${split}: objections f1 ${cell(m.objections.f1)}, ` +
        `type_accuracy ${cell(m.objections.type_accuracy)}, ` +
        `status_accuracy ${cell(m.actions.status_accuracy)}, ` +
        `completed_f1 ${cell(m.actions.completed_f1)}`
      )
    })
    .join('\n')
}

function defaultFiles(): string[] {
  const dir = resolve(repoRoot, '../shared/eval')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .map((f) => resolve(dir, f))
}

function main(): void {
  const args = parseArgs(process.argv.slice(2))
  const files = args.files.length > 0 ? args.files : defaultFiles()
  const tallies: EvalTally[] = []
  const report: { files: Record<string, EvalMetrics>; overall: EvalMetrics } = {
    files: {},
    overall: metricsOf(mergeTallies([])),
  }
  for (const file of files) {
    const cases = parseEvalCases(readFileSync(file, 'utf8'), file)
    // The committed model was trained on the training files, so scoring it there would only
    // measure memory: they are scored by k-fold cross-validation instead.
    const training = file.endsWith('-train.jsonl')
    const splitTallies = training
      ? Array.from({ length: args.splits }, (_, split) =>
          crossValidate(cases, CROSS_VALIDATION_FOLDS, split),
        )
      : []
    const tally = training ? mergeTallies(splitTallies) : runEval(cases)
    tallies.push(tally)
    const metrics = metricsOf(tally)
    // Paths as the user would type them from where they ran the command.
    const relativeName = relative(process.cwd(), file) || file
    const over = args.splits > 1 ? ` over ${args.splits} fold splits` : ''
    const name = training
      ? `${relativeName}, ${CROSS_VALIDATION_FOLDS}-fold cross-validation${over}`
      : relativeName
    report.files[name] = metrics
    process.stdout.write(`${formatEvalTable(name, metrics)}\n`)
    if (splitTallies.length > 1) process.stdout.write(`${formatSplitLines(splitTallies)}\n`)
    if (args.confusion && tally.objections.pairs.length > 0) {
      process.stdout.write(`${formatTypeConfusion(typeConfusion(tally.objections.pairs))}\n`)
    }
    process.stdout.write('\n')
  }
  report.overall = metricsOf(mergeTallies(tallies))
  process.stdout.write(`${formatEvalTable('overall', report.overall)}\n`)
  if (args.json) writeFileSync(args.json, `${JSON.stringify(report, null, 2)}\n`)
}

main()
