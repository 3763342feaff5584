import { describe, expect, it } from 'vitest'
import type { HttpRun } from './bench-http.js'
import { backendCpuSpent } from './bench-cpu.js'
import {
  formatCpu,
  mixedRows,
  replaceBlock,
  resultRows,
  type ScenarioResult,
  shortSql,
} from './bench-report.js'
import { BENCH_SCENARIOS, listsInRound, MIXED_ROUND } from './bench-scenarios.js'
import { concurrentWaves } from './bench-sql.js'
import { formatMs, formatTable, markdownTable, percentile, summarise } from './bench-stats.js'

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1)

  it('is the nearest rank: a sample that was measured, never an interpolation', () => {
    expect(percentile(hundred, 95)).toBe(95)
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile([1, 2, 3, 4], 95)).toBe(4)
    expect(percentile([10, 20], 50)).toBe(10)
  })

  it('takes the extremes at 0 and 100 and is NaN without samples', () => {
    expect(percentile(hundred, 0)).toBe(1)
    expect(percentile(hundred, 100)).toBe(100)
    expect(percentile([], 95)).toBeNaN()
  })
})

describe('summarise', () => {
  it('sorts the samples itself and reports count, mean, p50, p95, p99 and max', () => {
    const samples = Array.from({ length: 200 }, (_, index) => 200 - index)
    expect(summarise(samples)).toEqual({
      count: 200,
      mean: 100.5,
      p50: 100,
      p95: 190,
      p99: 198,
      max: 200,
    })
  })
})

describe('tables', () => {
  it('pads the terminal table to its widest cell and right-aligns figures', () => {
    const table = formatTable(
      ['Scenario', 'p95'],
      [
        ['deals-list', '4.21 ✓'],
        ['search', '12.5 ✗'],
      ],
    )
    expect(table.split('\n')).toEqual([
      'Scenario    p95',
      '----------  ------',
      'deals-list  4.21 ✓',
      'search      12.5 ✗',
    ])
  })

  it('escapes pipes in Markdown cells so they cannot split a column', () => {
    expect(markdownTable(['SQL'], [['a || b']])).toBe('| SQL |\n| --- |\n| a \\|\\| b |')
  })

  it('prints two decimals under 10 ms, one above, and a dash for no figure', () => {
    expect(formatMs(4.256)).toBe('4.26')
    expect(formatMs(123.44)).toBe('123.4')
    expect(formatMs(Number.NaN)).toBe('–')
  })
})

describe('replaceBlock', () => {
  it('replaces only the text between the markers', () => {
    const document = 'intro\n<!-- bench:seed:start -->\nold\n<!-- bench:seed:end -->\nnotes\n'
    expect(replaceBlock(document, 'seed', 'new')).toBe(
      'intro\n<!-- bench:seed:start -->\nnew\n<!-- bench:seed:end -->\nnotes\n',
    )
  })

  it('refuses a document without the block rather than losing the figures', () => {
    expect(() => replaceBlock('no markers', 'results', 'x')).toThrow(/bench:results:start/)
  })
})

describe('concurrentWaves', () => {
  it('puts statements sent before the previous ones were answered in the same wave', () => {
    const waves = concurrentWaves([
      { startedAt: 0, endedAt: 5 },
      { startedAt: 1, endedAt: 3 },
      { startedAt: 6, endedAt: 9 },
      { startedAt: 4, endedAt: 4.5 },
    ])
    expect(waves).toEqual([[0, 1, 3], [2]])
  })

  it('keeps statements sent one after another in waves of their own', () => {
    expect(
      concurrentWaves([
        { startedAt: 0, endedAt: 1 },
        { startedAt: 1, endedAt: 2 },
      ]),
    ).toEqual([[0], [1]])
  })
})

describe('shortSql', () => {
  it('drops a long column list but keeps the where, order by and limit', () => {
    const text = `select "id", "organisation_id", "pipeline_id", "stage_id", "owner_id", "name"
      from "deals" where "deals"."organisation_id" = $1 order by "deals"."name" limit $2`
    expect(shortSql(text)).toBe(
      'select … from "deals" where "deals"."organisation_id" = $1 order by "deals"."name" limit $2',
    )
    expect(shortSql('select count(*) from "deals"')).toBe('select count(*) from "deals"')
  })
})

function latency(p95: number) {
  return { count: 100, mean: p95 / 2, p50: p95 / 2, p95, p99: p95, max: p95 }
}

function httpRun(requestsPerSecond: number, p95: number, connections = 50): HttpRun {
  return { connections, requestsPerSecond, latency: latency(p95), failures: 0 }
}

function scenarioResult(apiP95: number, sqlP95: number): ScenarioResult {
  const sql = { total: latency(sqlP95), statements: [latency(sqlP95)] }
  const scenario = BENCH_SCENARIOS.find((candidate) => candidate.id === 'deal')
  if (!scenario) throw new Error('no deal scenario')
  return {
    scenario,
    rows: 1,
    total: 1,
    statements: [{ text: 'select 1', values: [], startedAt: 0, endedAt: 1 }],
    serverPrepares: false,
    one: httpRun(300, apiP95, 1),
    many: httpRun(900, 40),
    cpu: { server: 1.2, postgres: 0.6, client: 0.4 },
    sqlUnprepared: sql,
    sqlPrepared: sql,
  }
}

describe('resultRows', () => {
  const ratioOf = (result: ScenarioResult) => resultRows([result])[0]?.[6]

  it('judges the API / SQL ratio where the SQL takes 2 ms or more', () => {
    expect(ratioOf(scenarioResult(3, 2.5))).toBe('1.20× ✓')
    expect(ratioOf(scenarioResult(6, 2))).toBe('3.00× ✗')
  })

  it('shows the milliseconds added, without a verdict, below 2 ms of SQL', () => {
    expect(ratioOf(scenarioResult(1.5, 0.5))).toBe('3.00× (+1.00 ms)')
  })
})

describe('CPU per request', () => {
  it('shows the server, PostgreSQL and client shares, with ? where /proc could not tell', () => {
    expect(formatCpu({ server: 1.234, postgres: 0.5, client: 0.456 })).toBe('1.23 / 0.50 / 0.46')
    expect(formatCpu({ server: 1, postgres: Number.NaN, client: 0.5 })).toBe('1.00 / ? / 0.50')
    expect(formatCpu(null)).toBe('–')
  })

  it('counts a backend that connected during the run from zero', () => {
    const before = new Map([
      [10, 500],
      [11, 40],
    ])
    const after = new Map([
      [10, 800],
      [11, 40],
      [12, 70],
    ])
    expect(backendCpuSpent(before, after)).toBe(370)
  })
})

describe('mixedRows', () => {
  const mixed = (paced: HttpRun) => ({
    round: MIXED_ROUND,
    offeredRate: 300,
    paced,
    flatOut: httpRun(650, 120),
    flatOutCpu: { server: 1.5, postgres: 0.75, client: 0.5 },
  })

  it('passes a paced run answered at the offered rate with p95 under 50 ms', () => {
    const [pacedRow, flatOutRow] = mixedRows(mixed(httpRun(297, 31.2)))
    expect(pacedRow).toEqual(['300 req/s offered', '50', '297 ✓', '31.2 ✓', '15.6', '0', '–'])
    // The flat-out run is the ceiling, for reference: no verdict, and its CPU per request.
    expect(flatOutRow?.slice(0, 4)).toEqual(['as fast as answered', '50', '650', '120.0'])
    expect(flatOutRow?.[6]).toBe('1.50 / 0.75 / 0.50')
  })

  it('fails a run that fell behind the rate or answered p95 at 50 ms or more', () => {
    expect(mixedRows(mixed(httpRun(280, 20)))[0]?.slice(2, 4)).toEqual(['280 ✗', '20.0 ✓'])
    expect(mixedRows(mixed(httpRun(300, 50)))[0]?.slice(2, 4)).toEqual(['300 ✓', '50.0 ✗'])
  })

  it('has no rows when the mixed run was left out', () => {
    expect(mixedRows(undefined)).toEqual([])
  })
})

describe('MIXED_ROUND', () => {
  it('names scenarios that exist, nine in ten of them lists', () => {
    expect(MIXED_ROUND.every((id) => BENCH_SCENARIOS.some((s) => s.id === id))).toBe(true)
    expect(listsInRound(MIXED_ROUND) / MIXED_ROUND.length).toBe(0.9)
  })
})
