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
import { backendCpuSpent, type CpuPerRequest, readBackendCpu } from './bench-cpu.js'
import { type HttpRun, runHttp, wireRequest } from './bench-http.js'
import {
  type BenchMachine,
  MIXED_HEADERS,
  type MixedResult,
  mixedRows,
  RESULT_HEADERS,
  resultRows,
  resultsMarkdown,
  type ScenarioResult,
  seedMarkdown,
  statementRows,
  writeBenchmarksDoc,
} from './bench-report.js'
import {
  BENCH_SCENARIOS,
  listsInRound,
  MIXED_ROUND,
  MIXED_TARGETS,
  type BenchContext,
  type BenchRequest,
  type BenchScenario,
} from './bench-scenarios.js'
import { runPaced } from './bench-paced.js'
import { type BenchServer, startBenchServers } from './bench-server-process.js'
import type { CapturedQuery } from './bench-server.js'
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
    servers: { type: 'string', default: '2' },
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
  servers: positiveInteger('servers'),
  logLevel: args['log-level'] ?? 'info',
}
const databaseUrl =
  args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL
const docsFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../docs/benchmarks.md',
)

/** The id `--only` takes for the mixed traffic run. */
const MIXED_ID = 'mixed'

function selectedIds(): string[] | undefined {
  if (!args.only) return undefined
  const ids = args.only.split(',').map((id) => id.trim())
  const known = [...BENCH_SCENARIOS.map((scenario) => scenario.id), MIXED_ID]
  const unknown = ids.filter((id) => !known.includes(id))
  if (unknown.length > 0) {
    throw new Error(`--only: unknown scenario ${unknown.join(', ')}; one of ${known.join(', ')}`)
  }
  return ids
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
    settings: `${settings.servers === 1 ? 'one server process (a child process' : `${settings.servers} server processes (child processes, one per core as an install of this size runs them; the connections shared out evenly, as a load balancer would`}; NODE_ENV=production, LOG_LEVEL=${settings.logLevel}, pool ${settings.poolSize}, workers off), autocannon in the parent, PostgreSQL on the same machine; ${settings.durationSeconds} s per HTTP run after ${settings.warmupSeconds} s warm-up; SQL alone ${settings.sqlIterations} iterations after 20 warm-up, on one connection`,
  }
}

/** How many records an answer holds and how many match in all: REST `data`/`models`, GraphQL. */
function countRows(body: unknown): { rows: number; total: number } {
  const answer = body as {
    data?: unknown
    models?: unknown[]
    pagination?: { total: number }
  }
  const graphqlPage = (answer.data as { deals?: { items: unknown[]; total: number } } | undefined)
    ?.deals
  if (graphqlPage) return { rows: graphqlPage.items.length, total: graphqlPage.total }
  const records = Array.isArray(answer.data) ? answer.data : (answer.models ?? [])
  return { rows: records.length, total: answer.pagination?.total ?? records.length }
}

async function send(baseUrl: string, request: BenchRequest, headers: Record<string, string>) {
  const { path: requestPath, ...init } = wireRequest(request, headers)
  const response = await fetch(`${baseUrl}${requestPath}`, init)
  const body: unknown = await response.json()
  const graphqlErrors = (body as { errors?: unknown[] }).errors
  if (response.status !== 200 || graphqlErrors) {
    throw new Error(
      `${request.method} ${request.path} answered ${response.status} ${JSON.stringify(body)}`,
    )
  }
  return body
}

/**
 * Runs a load and reads the CPU time the servers, their PostgreSQL backends and this process spent
 * on it, per answered request (null without answers; postgres NaN when /proc cannot tell).
 */
async function withCpu(
  servers: readonly BenchServer[],
  load: () => Promise<HttpRun>,
): Promise<{ run: HttpRun; cpu: CpuPerRequest | null }> {
  const serversCpu = async () =>
    (await Promise.all(servers.map((server) => server.cpuMs()))).reduce((a, b) => a + b, 0)
  const [serverBefore, backendsBefore] = await Promise.all([
    serversCpu(),
    readBackendCpu(databaseUrl),
  ])
  const clientBefore = process.cpuUsage()
  const run = await load()
  const client = process.cpuUsage(clientBefore)
  const [serverAfter, backendsAfter] = await Promise.all([
    serversCpu(),
    readBackendCpu(databaseUrl),
  ])
  const requests = run.latency.count
  if (requests === 0) return { run, cpu: null }
  const postgres =
    backendsBefore && backendsAfter ? backendCpuSpent(backendsBefore, backendsAfter) : Number.NaN
  return {
    run,
    cpu: {
      server: (serverAfter - serverBefore) / requests,
      postgres: postgres / requests,
      client: (client.user + client.system) / 1000 / requests,
    },
  }
}

/** The session check (ADR 0016): what a request runs only when its session's answer ran out. */
function isSessionCheck(statement: CapturedQuery): boolean {
  return statement.text.includes('from "refresh_tokens"')
}

async function runScenario(
  scenario: BenchScenario,
  context: BenchContext,
  servers: readonly BenchServer[],
  headers: Record<string, string>,
): Promise<ScenarioResult> {
  const [server] = servers
  if (!server) throw new Error('no bench server')
  const request = scenario.request(context)
  let counted = { rows: 0, total: 0 }
  // Once uncaptured first: the session check is cached for seconds (ADR 0016) and would
  // otherwise count as this request's SQL, though a steady stream of requests rarely runs it.
  // Its cached answer may still run out between the two (the deals-filters capture of 23:23Z
  // held it): then the request is captured again, with the answer just read.
  await send(server.baseUrl, request, headers)
  const captureOnce = () =>
    server.capture(async () => {
      counted = countRows(await send(server.baseUrl, request, headers))
    })
  let statements = await captureOnce()
  if (statements.some(isSessionCheck)) statements = await captureOnce()
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
  const http = { baseUrls: servers.map(({ baseUrl }) => baseUrl), requests: [request], headers }
  if (settings.warmupSeconds > 0) {
    await runHttp({ ...http, connections: 1, durationSeconds: settings.warmupSeconds })
  }
  const one = await runHttp({ ...http, connections: 1, durationSeconds: settings.durationSeconds })
  const { run: many, cpu } = await withCpu(servers, () =>
    runHttp({
      ...http,
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
    }),
  )
  if (args.explain)
    console.log(`\n== ${scenario.id}\n${await explainSql(databaseUrl, statements)}\n`)
  return {
    scenario,
    ...counted,
    statements,
    serverPrepares: statements.some((statement) => statement.name !== undefined),
    one,
    many,
    cpu,
    sqlUnprepared,
    sqlPrepared,
  }
}

/**
 * DESIGN §7's mixed traffic, MIXED_ROUND's requests in turn (90 % lists): offered at 300 req/s as
 * independent users send (runPaced), then sent as fast as 50 connections are answered (the
 * ceiling), after a warm-up of the same mix.
 */
async function runMixed(
  context: BenchContext,
  servers: readonly BenchServer[],
  headers: Record<string, string>,
): Promise<MixedResult> {
  const requests = MIXED_ROUND.map((id) => {
    const scenario = BENCH_SCENARIOS.find((candidate) => candidate.id === id)
    if (!scenario) throw new Error(`MIXED_ROUND names no scenario ${id}`)
    return scenario.request(context)
  })
  const http = {
    baseUrls: servers.map(({ baseUrl }) => baseUrl),
    requests,
    headers,
    connections: settings.connections,
  }
  if (settings.warmupSeconds > 0) {
    await runHttp({ ...http, durationSeconds: settings.warmupSeconds })
  }
  const offeredRate = MIXED_TARGETS.requestsPerSecond
  return {
    round: MIXED_ROUND,
    offeredRate,
    paced: await runPaced({
      ...http,
      durationSeconds: settings.durationSeconds,
      rate: offeredRate,
    }),
    ...(await withCpu(servers, () =>
      runHttp({ ...http, durationSeconds: settings.durationSeconds }),
    ).then(({ run, cpu }) => ({ flatOut: run, flatOutCpu: cpu }))),
  }
}

async function main() {
  const ids = selectedIds()
  const scenarios = ids
    ? BENCH_SCENARIOS.filter((scenario) => ids.includes(scenario.id))
    : BENCH_SCENARIOS
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
  // Asked as the web app's browser asks: a list page goes compressed, and that costs CPU too.
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' }
  // The SQL is captured on the first; a second process serves its share of the connections.
  const servers = await startBenchServers(settings.servers, {
    databaseUrl,
    jwtSecret,
    logLevel: settings.logLevel,
    poolSize: settings.poolSize,
    ...(args['cpu-prof'] && { cpuProfileDir: path.resolve(args['cpu-prof']) }),
  })
  const results: ScenarioResult[] = []
  let mixed: MixedResult | undefined
  try {
    // An API in use has its pools' connections open and its code compiled; fresh processes have
    // neither, and the first scenario would pay for both.
    if (settings.warmupSeconds > 0 && scenarios.length > 0) {
      await runHttp({
        baseUrls: servers.map(({ baseUrl }) => baseUrl),
        requests: scenarios.map((scenario) => scenario.request(context)),
        headers,
        connections: settings.connections,
        durationSeconds: settings.warmupSeconds,
      })
    }
    for (const scenario of scenarios) {
      console.log(`${scenario.id}: ${scenario.title}`)
      results.push(await runScenario(scenario, context, servers, headers))
    }
    if (!ids || ids.includes(MIXED_ID)) {
      console.log(
        `${MIXED_ID}: ${MIXED_ROUND.length} requests a round, ${listsInRound(MIXED_ROUND)} of them lists`,
      )
      mixed = await runMixed(context, servers, headers)
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()))
  }
  console.log(
    `\n${machine.date}, ${machine.cpus} CPUs, Node ${machine.node}, ${machine.postgres}\n`,
  )
  console.log(formatTable(RESULT_HEADERS, resultRows(results)))
  console.log(
    `\n${formatTable(['Scenario', '#', 'unprepared', 'prepared', 'SQL'], statementRows(results))}`,
  )
  if (mixed) console.log(`\n${formatTable(MIXED_HEADERS, mixedRows(mixed))}`)
  const misses = [...resultRows(results), ...mixedRows(mixed)]
    .flat()
    .filter((cell) => cell.includes('✗')).length
  console.log(
    misses === 0 ? '\nEvery figure meets DESIGN §7.' : `\n${misses} figures miss DESIGN §7.`,
  )
  const failed = results
    .filter((result) => result.one.failures + result.many.failures > 0)
    .map((result) => result.scenario.id)
  if (mixed && mixed.paced.failures + mixed.flatOut.failures > 0) failed.push(MIXED_ID)
  if (!args['no-docs']) {
    writeBenchmarksDoc(docsFile, {
      // A partial run (--only) must not replace the full table.
      ...(args.only ? {} : { results: resultsMarkdown(machine, results, mixed) }),
      ...(seed ? { seed: seedMarkdown(seed, machine) } : {}),
    })
    console.log(`Wrote ${path.relative(process.cwd(), docsFile)}`)
  }
  if (failed.length > 0) {
    // Timeouts and errors leave out the slowest requests, so those figures flatter.
    console.error(
      `Requests failed (non-2xx, errors or 10 s timeouts) in ${failed.join(', ')}: figures void`,
    )
    process.exitCode = 1
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
