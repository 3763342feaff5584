import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { signAccessToken } from '../modules/auth/access-token.js'
import {
  DEFAULT_BENCH_DATABASE_URL,
  ensureDatabase,
  findScaleOrganisation,
  loadBenchContext,
  startBenchSession,
  type SeedReport,
  seedScale,
  vacuumAnalyze,
} from './bench-database.js'
import { runHttp } from './bench-http.js'
import {
  type BenchMachine,
  RESULT_HEADERS,
  resultRows,
  resultsMarkdown,
  type ScenarioResult,
  seedMarkdown,
  statementRows,
  writeBenchmarksDoc,
} from './bench-report.js'
import { BENCH_SCENARIOS, type BenchContext, type BenchScenario } from './bench-scenarios.js'
import { type BenchServer, startBenchServer } from './bench-server-process.js'
import { explainSql, timeSql } from './bench-sql.js'
import { formatTable } from './bench-stats.js'

/**
 * `npm run bench [-- --duration 10 --connections 50 --sql-iterations 300 --reseed --explain
 * --only deals-list,deals-search-name --no-docs]`: DESIGN §7's API figures on the scale data in
 * PostgreSQL (BENCH_DATABASE_URL), each beside the same SQL timed alone; writes docs/benchmarks.md.
 */
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'sql-iterations': { type: 'string', default: '300' },
    warmup: { type: 'string', default: '2' },
    deals: { type: 'string', default: '100000' },
    reseed: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    only: { type: 'string' },
    explain: { type: 'boolean', default: false },
    'no-docs': { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'info' },
    'pool-size': { type: 'string', default: '10' },
    'cpu-prof': { type: 'string' },
  },
})

function positiveInteger(name: keyof typeof args): number {
  const value = Number(args[name])
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name}: a positive whole number`)
  return value
}

const settings = {
  durationSeconds: positiveInteger('duration'),
  connections: positiveInteger('connections'),
  sqlIterations: positiveInteger('sql-iterations'),
  warmupSeconds: Number(args.warmup),
  deals: positiveInteger('deals'),
  poolSize: positiveInteger('pool-size'),
  logLevel: args['log-level'] ?? 'info',
}
const databaseUrl =
  args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL
const docsFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/benchmarks.md',
)

function selectedScenarios(): readonly BenchScenario[] {
  if (!args.only) return BENCH_SCENARIOS
  const ids = args.only.split(',').map((id) => id.trim())
  const unknown = ids.filter((id) => !BENCH_SCENARIOS.some((scenario) => scenario.id === id))
  if (unknown.length > 0) {
    throw new Error(
      `--only: unknown scenario ${unknown.join(', ')}; one of ${BENCH_SCENARIOS.map((s) => s.id).join(', ')}`,
    )
  }
  return BENCH_SCENARIOS.filter((scenario) => ids.includes(scenario.id))
}

async function prepareData(): Promise<{ organisationId: string; seed?: SeedReport }> {
  await ensureDatabase(databaseUrl, { fresh: args.reseed })
  let organisation = args.reseed ? undefined : await findScaleOrganisation(databaseUrl)
  let seed: SeedReport | undefined
  if (!organisation) {
    console.log(`Seeding ${settings.deals} deals into ${new URL(databaseUrl).pathname.slice(1)} …`)
    seed = await seedScale(databaseUrl, settings.deals)
    console.log(`Seeded in ${(seed.totalMs / 1000).toFixed(1)} s`)
    organisation = await findScaleOrganisation(databaseUrl)
    if (!organisation) throw new Error('seed:scale finished but made no scale organisation')
  }
  await vacuumAnalyze(databaseUrl)
  console.log(`Scale organisation ${organisation.organisationId}: ${organisation.dealCount} deals`)
  return { organisationId: organisation.organisationId, ...(seed ? { seed } : {}) }
}

async function describeMachine(loadAverage: number[]): Promise<BenchMachine> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const { rows } = await client.query<{ version: string }>('select version()')
  await client.end()
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverage,
    node: process.version,
    postgres: rows[0]?.version.split(',')[0] ?? 'PostgreSQL',
    settings: `server in a child process (NODE_ENV=production, LOG_LEVEL=${settings.logLevel}, pool ${settings.poolSize}, workers off), autocannon in the parent, PostgreSQL on the same machine; ${settings.durationSeconds} s per HTTP run after ${settings.warmupSeconds} s warm-up; SQL alone ${settings.sqlIterations} iterations after 20 warm-up, on one connection`,
  }
}

async function runScenario(
  scenario: BenchScenario,
  context: BenchContext,
  server: BenchServer,
  headers: Record<string, string>,
): Promise<ScenarioResult> {
  const url = `${server.baseUrl}${scenario.path(context)}`
  let rows = 0
  let total = 0
  const statements = await server.capture(async () => {
    const response = await fetch(url, { headers })
    const body = (await response.json()) as {
      data?: unknown[]
      pagination?: { total: number }
    }
    if (response.status !== 200) {
      throw new Error(
        `${scenario.id}: GET ${url} answered ${response.status} ${JSON.stringify(body)}`,
      )
    }
    rows = body.data?.length ?? 0
    total = body.pagination?.total ?? 0
  })
  if (statements.length === 0) throw new Error(`${scenario.id}: the request issued no SQL`)
  const timing = (prepared: boolean) =>
    timeSql(databaseUrl, statements, {
      iterations: settings.sqlIterations,
      warmup: 20,
      prepared,
      name: `bench_${scenario.id.replaceAll('-', '_')}`,
    })
  const sqlUnprepared = await timing(false)
  const sqlPrepared = await timing(true)
  if (settings.warmupSeconds > 0) {
    await runHttp({ url, headers, connections: 1, durationSeconds: settings.warmupSeconds })
  }
  const one = await runHttp({
    url,
    headers,
    connections: 1,
    durationSeconds: settings.durationSeconds,
  })
  const many = await runHttp({
    url,
    headers,
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
  })
  if (args.explain)
    console.log(`\n== ${scenario.id}\n${await explainSql(databaseUrl, statements)}\n`)
  return {
    scenario,
    rows,
    total,
    statements,
    serverPrepares: statements.some((statement) => statement.name !== undefined),
    one,
    many,
    sqlUnprepared,
    sqlPrepared,
  }
}

async function main() {
  const scenarios = selectedScenarios()
  // Before seeding or vacuuming, which load the machine themselves.
  const loadAverage = os.loadavg()
  const { organisationId, seed } = await prepareData()
  const machine = await describeMachine(loadAverage)
  const { context, admin } = await loadBenchContext(databaseUrl, organisationId)
  const jwtSecret = randomBytes(32).toString('hex')
  const sessionId = await startBenchSession(databaseUrl, { id: admin.id, organisationId }, 6)
  // Signed like a real sign-in's token, for long enough to outlast the run.
  const token = await signAccessToken(
    jwtSecret,
    {
      id: admin.id,
      organisationId,
      role: 'admin',
      firstName: admin.firstName,
      lastName: admin.lastName,
      sessionId,
    },
    { expiresInSeconds: 6 * 3600 },
  )
  const headers = { authorization: `Bearer ${token}` }
  const server = await startBenchServer({
    databaseUrl,
    jwtSecret,
    logLevel: settings.logLevel,
    poolSize: settings.poolSize,
    ...(args['cpu-prof'] && { cpuProfileDir: path.resolve(args['cpu-prof']) }),
  })
  const results: ScenarioResult[] = []
  try {
    for (const scenario of scenarios) {
      console.log(`${scenario.id}: ${scenario.title}`)
      results.push(await runScenario(scenario, context, server, headers))
    }
  } finally {
    await server.stop()
  }
  console.log(
    `\n${machine.date}, ${machine.cpus} CPUs, Node ${machine.node}, ${machine.postgres}\n`,
  )
  console.log(formatTable(RESULT_HEADERS, resultRows(results)))
  console.log(
    `\n${formatTable(['Scenario', '#', 'unprepared', 'prepared', 'SQL'], statementRows(results))}`,
  )
  const misses = resultRows(results)
    .flat()
    .filter((cell) => cell.includes('✗')).length
  console.log(
    misses === 0 ? '\nEvery figure meets DESIGN §7.' : `\n${misses} figures miss DESIGN §7.`,
  )
  const failed = results.filter((result) => result.one.failures + result.many.failures > 0)
  if (!args['no-docs']) {
    writeBenchmarksDoc(docsFile, {
      // A partial run (--only) must not replace the full table.
      ...(args.only ? {} : { results: resultsMarkdown(machine, results) }),
      ...(seed ? { seed: seedMarkdown(seed, machine) } : {}),
    })
    console.log(`Wrote ${path.relative(process.cwd(), docsFile)}`)
  }
  if (failed.length > 0) {
    // Timeouts and errors leave out the slowest requests, so those figures flatter.
    const names = failed.map((result) => result.scenario.id).join(', ')
    console.error(`Requests failed (non-2xx, errors or 10 s timeouts) in ${names}: figures void`)
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
