import { describe, expect, it } from 'vitest'
import { replaceBlock, shortSql } from './bench-report.js'
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
