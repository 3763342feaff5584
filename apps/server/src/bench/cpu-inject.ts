import { randomBytes } from 'node:crypto'
import { parseArgs } from 'node:util'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { signAccessToken } from '../modules/auth/access-token.js'
import {
  DEFAULT_BENCH_DATABASE_URL,
  findScaleOrganisation,
  loadBenchContext,
  startBenchSession,
} from './bench-database.js'
import { backendCpuSpent, readBackendCpu } from './bench-cpu.js'
import { BENCH_SCENARIOS } from './bench-scenarios.js'

/**
 * The API's CPU per request for bench scenarios, in this one process through `app.inject`: no
 * socket, no autocannon, no second server, so a change to the request's own work shows without
 * the noise of a 50-connection run. Runs the scenarios' requests in rounds, each round timing
 * `--requests` of each in turn, and prints every round's CPU ms per request of this process and of
 * the PostgreSQL backends (from /proc, in 10 ms ticks: use enough requests). Compare two commits
 * by alternating runs, since the machine is shared.
 *
 *   npm run bench:cpu -- --only graphql-deals,deals-list --rounds 5 --requests 300 >/dev/null
 */
const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    requests: { type: 'string', default: '300' },
    'database-url': { type: 'string' },
  },
})

const databaseUrl =
  args['database-url'] ?? process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function main() {
  const ids = args.only?.split(',')
  const scenarios = BENCH_SCENARIOS.filter((scenario) => !ids || ids.includes(scenario.id))
  const rounds = Number(args.rounds)
  const requests = Number(args.requests)
  const scale = await findScaleOrganisation(databaseUrl)
  if (!scale) throw new Error('no scale organisation: run `npm run bench` first')
  const { organisationId } = scale
  const { context, admin } = await loadBenchContext(databaseUrl, organisationId)
  const jwtSecret = randomBytes(32).toString('hex')
  Object.assign(process.env, {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    RUN_WORKERS: 'false',
    DEMO_WORKSPACE: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  })
  const sessionId = await startBenchSession(databaseUrl, { id: admin.id, organisationId }, 1)
  const token = await signAccessToken(
    jwtSecret,
    { ...admin, organisationId, role: 'admin', sessionId },
    { expiresInSeconds: 3600 },
  )
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' }
  const app = await buildApp(loadConfig())
  await app.ready()
  try {
    const injections = scenarios.map((scenario) => {
      const request = scenario.request(context)
      return {
        id: scenario.id,
        send: async () => {
          const response = await app.inject({
            method: request.method,
            url: request.path,
            headers:
              request.body === undefined
                ? headers
                : { ...headers, 'content-type': 'application/json' },
            ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
          })
          if (response.statusCode !== 200) {
            throw new Error(`${scenario.id}: ${response.statusCode} ${response.body.slice(0, 300)}`)
          }
        },
      }
    })
    // Warm: the JIT, the pool's connections and their prepared statements.
    for (const injection of injections) for (let i = 0; i < 200; i += 1) await injection.send()
    const figures = new Map(
      injections.map(({ id }) => [id, { server: [] as number[], postgres: [] as number[] }]),
    )
    for (let round = 0; round < rounds; round += 1) {
      for (const injection of injections) {
        const backendsBefore = await readBackendCpu(databaseUrl)
        const before = process.cpuUsage()
        for (let i = 0; i < requests; i += 1) await injection.send()
        const used = process.cpuUsage(before)
        const backendsAfter = await readBackendCpu(databaseUrl)
        const figure = figures.get(injection.id)
        figure?.server.push((used.user + used.system) / 1000 / requests)
        if (backendsBefore && backendsAfter) {
          figure?.postgres.push(backendCpuSpent(backendsBefore, backendsAfter) / requests)
        }
      }
    }
    // stderr: the server's own log lines go to stdout, as an install's do.
    for (const [id, { server, postgres }] of figures) {
      console.error(
        `${id}: CPU ms/request, median of ${rounds} rounds: server ${median(server).toFixed(2)}, PostgreSQL ${median(postgres).toFixed(2)}; rounds (server / PostgreSQL) ${server.map((ms, round) => `${ms.toFixed(2)}/${postgres[round]?.toFixed(2) ?? '?'}`).join(' ')}`,
      )
    }
  } finally {
    await app.close()
  }
}

await main()
