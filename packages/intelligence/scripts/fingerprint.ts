// `npm run fingerprint -w packages/intelligence [-- --out FILE]`: one SHA-256 over the builtin
// provider's output for every eval case and 60 generated bench calls. Speed work must leave
// this hash unchanged (the analysis output is byte-identical); --out writes the outputs too,
// one JSON line per input, so a changed hash can be traced to the input that moved.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AnalysisInput } from '@dealcoach/contracts/intelligence'
import { generateCallTranscript } from '../src/bench/generate-call-transcript.js'
import {
  DEFAULT_OBJECTION_TYPE_CONFIGS,
  DEFAULT_PIPELINE_CONFIG,
} from '../src/eval/default-configs.js'
import { parseEvalCases } from '../src/eval/eval-case.js'
import { evalInput } from '../src/eval/eval-input.js'
import { createBuiltinProvider } from '../src/providers/builtin-provider.js'

const BENCH_CALLS = 60
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

function outArg(): string | null {
  const at = process.argv.indexOf('--out')
  return at >= 0 ? (process.argv[at + 1] ?? null) : null
}

function evalInputs(): { id: string; input: AnalysisInput }[] {
  const dir = resolve(repoRoot, '../shared/eval')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()
    .flatMap((file) =>
      parseEvalCases(readFileSync(resolve(dir, file), 'utf8'), file).map((c) => ({
        id: `${file}#${c.id}`,
        input: evalInput(c),
      })),
    )
}

function benchInputs(): { id: string; input: AnalysisInput }[] {
  return Array.from({ length: BENCH_CALLS }, (_, i) => ({
    id: `bench#${i + 1}`,
    input: {
      product: {
        name: 'Bench product',
        description: 'Workflow automation for operations teams.',
        value_propositions: ['Cut manual spreadsheet work', 'Connects to your ERP'],
      },
      objection_types: [...DEFAULT_OBJECTION_TYPE_CONFIGS],
      pipeline: DEFAULT_PIPELINE_CONFIG,
      engagements: [generateCallTranscript(i + 1)],
    },
  }))
}

async function main(): Promise<void> {
  const provider = createBuiltinProvider()
  const hash = createHash('sha256')
  const lines: string[] = []
  const inputs = [...evalInputs(), ...benchInputs()]
  for (const { id, input } of inputs) {
    const line = JSON.stringify({ id, output: await provider.analyseDeal(input) })
    hash.update(line).update('\n')
    lines.push(line)
  }
  const out = outArg()
  if (out) writeFileSync(out, lines.join('\n') + '\n')
  process.stdout.write(`${inputs.length} inputs, sha256 ${hash.digest('hex')}\n`)
}

await main()
