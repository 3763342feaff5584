// `npm run bench -w packages/intelligence`: transcripts analysed per second on one core
// (the analysis runs on one thread; the rate is per CPU-second of the process), on generated
// 30-minute (~4,500-word) calls.
import { performance } from 'node:perf_hooks'
import type { AnalysisInput } from '@dealcoach/contracts/intelligence'
import { generateCallTranscript } from '../src/bench/generate-call-transcript.js'
import {
  DEFAULT_OBJECTION_TYPE_CONFIGS,
  DEFAULT_PIPELINE_CONFIG,
} from '../src/eval/default-configs.js'
import { createBuiltinProvider } from '../src/providers/builtin-provider.js'

const DISTINCT_CALLS = 40
// `-- --seconds N` shortens or lengthens the timed run (default 8 s).
function secondsArg(): number {
  const at = process.argv.indexOf('--seconds')
  const value = at >= 0 ? Number(process.argv[at + 1]) : Number.NaN
  return Number.isFinite(value) && value > 0 ? value : 8
}
const MIN_SECONDS = secondsArg()

function inputFor(seed: number): AnalysisInput {
  return {
    product: {
      name: 'Bench product',
      description: 'Workflow automation for operations teams.',
      value_propositions: [
        'Cut manual spreadsheet work',
        'Connects to your ERP',
        'Audit-ready reporting',
      ],
    },
    objection_types: [...DEFAULT_OBJECTION_TYPE_CONFIGS],
    pipeline: DEFAULT_PIPELINE_CONFIG,
    engagements: [generateCallTranscript(seed)],
  }
}

async function main(): Promise<void> {
  const provider = createBuiltinProvider()
  const inputs = Array.from({ length: DISTINCT_CALLS }, (_, i) => inputFor(i + 1))
  const words = inputs.reduce(
    (sum, input) =>
      sum +
      (input.engagements[0]?.utterances ?? []).reduce((s, u) => s + u.text.split(/\s+/).length, 0),
    0,
  )
  // Warm-up: model load, JIT, per-configuration vectors.
  for (const input of inputs.slice(0, 5)) await provider.analyseDeal(input)
  let done = 0
  const cpuStart = process.cpuUsage()
  const start = performance.now()
  while (performance.now() - start < MIN_SECONDS * 1000) {
    const input = inputs[done % inputs.length]
    if (input) await provider.analyseDeal(input)
    done++
  }
  const seconds = (performance.now() - start) / 1000
  const cpu = process.cpuUsage(cpuStart)
  // CPU seconds of this process (all its threads, so GC helpers count too): the per-core
  // figure that stays honest when other work shares the machine.
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  const rate = done / cpuSeconds
  process.stdout.write(
    `builtin provider: ${done} transcripts (~${Math.round(words / inputs.length)} words, 30 min each) in ${seconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU\n` +
      `wall clock: ${(done / seconds).toFixed(1)} transcripts/s\n` +
      `throughput: ${rate.toFixed(1)} transcripts/s per core (CPU time; ${Math.round((rate * words) / inputs.length).toLocaleString('en')} words/s)\n`,
  )
}

await main()
