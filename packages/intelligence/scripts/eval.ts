// `npm run eval [-- --json REPORT] [--confusion] [FILES...]` from the repository root: scores
// the builtin engine on JSON Lines eval files (format: ../shared/eval/README.md);
// `--confusion` adds each file's type accuracy by labelled type and its common mix-ups.
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
  files: string[]
}

function parseArgs(argv: readonly string[]): EvalArgs {
  let json: string | null = null
  let confusion = false
  const files: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    if (arg === '--json') {
      const next = argv[++i]
      if (!next) throw new Error('--json needs a file name')
      json = resolve(process.cwd(), next)
    } else if (arg === '--confusion') {
      confusion = true
    } else if (arg.startsWith('--json=')) {
      json = resolve(process.cwd(), arg.slice('--json='.length))
    } else {
      files.push(resolve(process.cwd(), arg))
    }
  }
  return { json, confusion, files }
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
    const tally = training ? crossValidate(cases) : runEval(cases)
    tallies.push(tally)
    const metrics = metricsOf(tally)
    // Paths as the user would type them from where they ran the command.
    const relativeName = relative(process.cwd(), file) || file
    const name = training
      ? `${relativeName}, ${CROSS_VALIDATION_FOLDS}-fold cross-validation`
      : relativeName
    report.files[name] = metrics
    process.stdout.write(`${formatEvalTable(name, metrics)}\n`)
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
