import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyTally, metricsOf } from './eval-metrics.js'
import { formatEvalTable } from './format-eval-table.js'

describe('eval report', () => {
  it('prints a dash for metrics a file does not annotate', () => {
    const table = formatEvalTable('x.jsonl', metricsOf(emptyTally()))
    expect(table).toContain('x.jsonl (0 cases)')
    expect(table).toMatch(/solution_fit mae\s+—/)
  })

  it('writes exactly the issue’s JSON shape from the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-'))
    const data = join(dir, 'tiny.jsonl')
    writeFileSync(
      data,
      `${JSON.stringify({
        id: 't1',
        product: { name: 'P' },
        engagements: [
          {
            id: 'e1',
            type: 'transcript',
            name: 'c',
            utterances: [{ speaker: 'B', role: 'buyer', text: 'It is too expensive for us.' }],
          },
        ],
        labels: {
          objections: [{ engagement: 'e1', utterance: 0, type: 'price_budget' }],
          solution_fit: {
            problem_pain_identification: 0,
            quantifiable_business_impact: 0,
            value_proposition_alignment: 0,
            strategic_urgency: 0,
          },
        },
      })}\n`,
    )
    const report = join(dir, 'report.json')
    execFileSync(
      process.execPath,
      ['--conditions', 'source', '--import', 'tsx', 'scripts/eval.ts', '--json', report, data],
      {
        cwd: join(import.meta.dirname, '../..'),
      },
    )
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      files: Record<string, unknown>
      overall: unknown
    }
    expect(Object.keys(json)).toEqual(['files', 'overall'])
    const metrics = Object.values(json.files)[0]
    expect(metrics).toEqual({
      cases: 1,
      objections: {
        precision: 1,
        recall: 1,
        f1: 1,
        type_accuracy: 1,
        type_macro_f1: 1,
        handled_accuracy: null,
      },
      actions: { status_accuracy: null, completed_f1: null },
      solution_fit: { mae: 0, tier_exact: 1 },
    })
    expect(json.overall).toEqual(metrics)
  }, 30_000)
})
