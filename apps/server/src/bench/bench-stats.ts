/** Latency samples in milliseconds, summarised the way the bench reports them. */
export interface LatencySummary {
  count: number
  mean: number
  p50: number
  p95: number
  p99: number
  max: number
}

/**
 * The nearest-rank percentile (the smallest sample with at least p% of samples at or below it):
 * always a value that was actually measured, never an interpolation between two.
 */
export function percentile(sortedSamples: readonly number[], p: number): number {
  if (sortedSamples.length === 0) return Number.NaN
  if (p <= 0) return sortedSamples[0] ?? Number.NaN
  const rank = Math.ceil((p / 100) * sortedSamples.length)
  return sortedSamples[Math.min(rank, sortedSamples.length) - 1] ?? Number.NaN
}

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b)
  const total = sorted.reduce((sum, value) => sum + value, 0)
  return {
    count: sorted.length,
    mean: sorted.length === 0 ? Number.NaN : total / sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  }
}

/** Milliseconds with two decimals under 10 and one above: enough to compare, no false precision. */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return '–'
  return value < 10 ? value.toFixed(2) : value.toFixed(1)
}

export function formatRate(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toString() : '–'
}

export function formatRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–'
}

/** A plain-text table for the terminal: columns padded to their widest cell, figures right. */
export function formatTable(headers: readonly string[], rows: readonly string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => {
        const width = widths[column] ?? 0
        return /^[\d–]/.test(cell) ? cell.padStart(width) : cell.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('  ')
  return [line(headers), rule, ...rows.map(line)].join('\n')
}

/** The same table in Markdown; pipes inside cells are escaped so they cannot split a column. */
export function markdownTable(headers: readonly string[], rows: readonly string[][]): string {
  const escape = (cell: string) => cell.replaceAll('|', '\\|')
  const line = (cells: readonly string[]) => `| ${cells.map(escape).join(' | ')} |`
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n')
}
