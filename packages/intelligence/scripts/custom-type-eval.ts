// `node --conditions source --import tsx scripts/custom-type-eval.ts [--splits N] [FILE]` from
// packages/intelligence: the eval's 5-fold cross-validation of a training file (default
// ../shared/eval/b2b-train.jsonl), once with the default types alone and once each with an
// organisation's own type added — a plausible one and a junk one — reporting the type accuracy
// and how many detected objections the added type takes. An added type should take only the
// objections that are about it, never a share of everything.
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ObjectionTypeConfig } from '@dealcoach/contracts/intelligence'
import {
  DEFAULT_OBJECTION_TYPE_CONFIGS,
  DEFAULT_PIPELINE_CONFIG,
} from '../src/eval/default-configs.js'
import { parseEvalCases } from '../src/eval/eval-case.js'
import { evalInput } from '../src/eval/eval-input.js'
import { emptyTally, metricsOf, tallyCase } from '../src/eval/eval-metrics.js'
import { CROSS_VALIDATION_FOLDS, trainedFolds } from '../src/eval/cross-validate.js'
import { analyseDealWithModel } from '../src/providers/builtin-provider.js'

// Written for this check, not taken from any eval file.
const ADDED: { label: string; type: ObjectionTypeConfig | null }[] = [
  { label: 'defaults only', type: null },
  {
    label: 'plus "Data migration"',
    type: {
      id: 'org-data-migration',
      name: 'Data migration',
      description: 'Moving our existing data from the old system is too much effort or risk.',
      examples: ['Getting all our old records into a new system would take forever.'],
      active: true,
    },
  },
  {
    label: 'plus junk',
    type: {
      id: 'org-junk',
      name: 'NNNNNNNN',
      description: 'word word word word word word',
      examples: [],
      active: true,
    },
  },
]

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

function main(): void {
  const argv = process.argv.slice(2)
  const splitsAt = argv.indexOf('--splits')
  const splits = splitsAt >= 0 ? Number(argv[splitsAt + 1]) : 1
  // Without --splits, indexOf's -1 would make the first argument the count's place.
  const countAt = splitsAt >= 0 ? splitsAt + 1 : -1
  const file =
    argv.find((a, i) => !a.startsWith('--') && i !== countAt) ??
    resolve(repoRoot, '../shared/eval/b2b-train.jsonl')
  const cases = parseEvalCases(readFileSync(resolve(process.cwd(), file), 'utf8'), file)
  const actionIds = DEFAULT_PIPELINE_CONFIG.actions.map((a) => a.id)
  const runs = ADDED.map(() => ({ tally: emptyTally(), detected: 0, taken: 0 }))
  for (let split = 0; split < splits; split++) {
    for (const { held, model } of trainedFolds(cases, CROSS_VALIDATION_FOLDS, split)) {
      ADDED.forEach(({ type }, v) => {
        const run = runs[v] as (typeof runs)[number]
        const types = type
          ? [...DEFAULT_OBJECTION_TYPE_CONFIGS, type]
          : DEFAULT_OBJECTION_TYPE_CONFIGS
        for (const evalCase of held) {
          const input = { ...evalInput(evalCase), objection_types: [...types] }
          const analysis = analyseDealWithModel(input, model)
          tallyCase(run.tally, evalCase, analysis, actionIds)
          run.detected += analysis.objections.length
          run.taken += analysis.objections.filter((o) => o.type === type?.id).length
        }
      })
    }
  }
  process.stdout.write(`${file}, ${CROSS_VALIDATION_FOLDS}-fold CV over ${splits} split(s)\n`)
  ADDED.forEach(({ label, type }, v) => {
    const run = runs[v] as (typeof runs)[number]
    const accuracy = metricsOf(run.tally).objections.type_accuracy ?? 0
    const taken = type
      ? `, taken by the added type ${run.taken} of ${run.detected} (${((100 * run.taken) / run.detected).toFixed(1)} %)`
      : ''
    process.stdout.write(`${label}: type accuracy ${accuracy.toFixed(3)}${taken}\n`)
  })
}

main()
