import pg from 'pg'
import type { CapturedQuery } from './bench-server.js'
import { type LatencySummary, summarise } from './bench-stats.js'

export interface SqlTiming {
  /** The request's statements as the server ran them (side by side where it did): its wait. */
  total: LatencySummary
  /** Each statement on its own, in the order the server issued them. */
  statements: LatencySummary[]
}

export interface SqlTimingOptions {
  iterations: number
  warmup: number
  /** Named statements: parsed once, then PostgreSQL's plan cache decides custom or generic. */
  prepared: boolean
  /** Prefix for statement names, unique per scenario. */
  name: string
}

/**
 * Groups the statements into waves: a statement sent before the statements of the current wave
 * had all been answered ran beside them (Promise.all over the pool), so it joins that wave.
 * Returns indexes into `queries`, in the order sent.
 */
export function concurrentWaves(
  queries: readonly Pick<CapturedQuery, 'startedAt' | 'endedAt'>[],
): number[][] {
  const order = queries.map((_, index) => index)
  order.sort((a, b) => (queries[a]?.startedAt ?? 0) - (queries[b]?.startedAt ?? 0))
  const waves: number[][] = []
  let waveEnd = Number.NEGATIVE_INFINITY
  for (const index of order) {
    const query = queries[index]
    if (!query) continue
    const end = Number.isFinite(query.endedAt) ? query.endedAt : Number.POSITIVE_INFINITY
    const current = waves.at(-1)
    if (current && query.startedAt < waveEnd) {
      current.push(index)
      waveEnd = Math.max(waveEnd, end)
    } else {
      waves.push([index])
      waveEnd = end
    }
  }
  return waves
}

/**
 * Replays the captured statements as the server ran them — one wave after another, a wave's
 * statements side by side on their own connections — either unnamed (parse, bind, execute every
 * time, as Drizzle sends them) or named (prepared once per connection). The warm-up runs past
 * PostgreSQL's five custom plans, so a generic plan shows up if it would.
 */
export async function timeSql(
  url: string,
  queries: readonly CapturedQuery[],
  options: SqlTimingOptions,
): Promise<SqlTiming> {
  const waves = concurrentWaves(queries)
  const width = Math.max(1, ...waves.map((wave) => wave.length))
  const clients = Array.from({ length: width }, () => new pg.Client({ connectionString: url }))
  await Promise.all(clients.map((client) => client.connect()))
  const totals: number[] = []
  const perStatement: number[][] = queries.map(() => [])
  const run = async (slot: number, index: number, record: boolean) => {
    const client = clients[slot]
    const query = queries[index]
    if (!client || !query) throw new Error(`no connection or statement for ${slot}/${index}`)
    const started = performance.now()
    await client.query({
      text: query.text,
      values: query.values,
      ...(options.prepared ? { name: `${options.name}_${index}` } : {}),
      ...(query.rowMode ? { rowMode: query.rowMode } : {}),
    })
    if (record) perStatement[index]?.push(performance.now() - started)
  }
  try {
    for (let round = 0; round < options.warmup + options.iterations; round += 1) {
      const record = round >= options.warmup
      const started = performance.now()
      for (const wave of waves) {
        await Promise.all(wave.map((index, slot) => run(slot, index, record)))
      }
      if (record) totals.push(performance.now() - started)
    }
  } finally {
    await Promise.all(clients.map((client) => client.end()))
  }
  return { total: summarise(totals), statements: perStatement.map((samples) => summarise(samples)) }
}

/** PostgreSQL's text for an array parameter (`{"a","b"}`), as pg sends a JavaScript array. */
function arrayText(values: readonly unknown[]): string {
  const element = (value: unknown): string => {
    if (value === null || value === undefined) return 'NULL'
    if (Array.isArray(value)) return arrayText(value)
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    return `"${text.replace(/["\\]/g, '\\$&')}"`
  }
  return `{${values.map(element).join(',')}}`
}

function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return client.escapeLiteral(arrayText(value))
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (value instanceof Date) return client.escapeLiteral(value.toISOString())
  if (typeof value === 'string') return client.escapeLiteral(value)
  return client.escapeLiteral(JSON.stringify(value))
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement twice: with its parameters (the custom plan an
 * unnamed statement gets) and as a forced generic plan (what a prepared statement may settle on).
 * Each is explained once unshown first: a new connection's first planning reads the catalogue
 * into its caches (1.3 ms and 669 buffers for the filtered list, against 0.22 ms and 2 buffers
 * after), which a server's pooled connections did long ago.
 */
export async function explainSql(url: string, queries: readonly CapturedQuery[]): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const sections: string[] = []
  try {
    for (const [index, query] of queries.entries()) {
      const explainCustom = () =>
        client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query.text}`,
          query.values,
        )
      await explainCustom()
      const custom = await explainCustom()
      const name = `bench_explain_${index}`
      await client.query(`prepare ${name} as ${query.text}`)
      await client.query('set plan_cache_mode = force_generic_plan')
      const args = query.values.map((value) => literal(client, value)).join(', ')
      const explainGeneric = () =>
        client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) execute ${name}${args ? `(${args})` : ''}`,
        )
      await explainGeneric()
      const generic = await explainGeneric()
      await client.query('reset plan_cache_mode')
      await client.query(`deallocate ${name}`)
      const plan = (rows: { 'QUERY PLAN': string }[]) =>
        rows.map((row) => row['QUERY PLAN']).join('\n')
      sections.push(
        [
          `-- statement ${index + 1}`,
          query.text,
          `-- parameters: ${JSON.stringify(query.values)}`,
          '-- custom plan (unnamed statement):',
          plan(custom.rows),
          '-- generic plan (prepared statement):',
          plan(generic.rows),
        ].join('\n'),
      )
    }
  } finally {
    await client.end()
  }
  return sections.join('\n\n')
}
