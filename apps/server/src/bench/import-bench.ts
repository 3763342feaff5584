import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { users } from '../db/schema/accounts.js'
import { organisations } from '../db/schema/organisations.js'
import type { AuthUser } from '../lib/caller.js'

/**
 * `npm run bench:import [-- --rows 100000 --database-url postgres://…]`: issue 16's large import.
 * Streams a generated HubSpot-style deal export of `rows` rows into the imports service (as the
 * route does), runs the dry run and the commit as the jobs would, and prints the time of each
 * step and the process's peak RSS. Without a database URL it runs on a fresh PGlite directory.
 */
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
  },
})
const rows = Number(args.rows)

const STAGES = ['Discovery', 'Demo', 'Proposal', 'Negotiation']
// Unique per run, so a Postgres bench database can be reused.
const OWNER = `bench-${randomUUID()}@example.com`

/** The file, generated as it is read: the bench holds no more of it than the service does. */
async function* exportFile(): AsyncGenerator<Buffer> {
  yield Buffer.from(
    '\uFEFFRecord ID,Deal Name,Deal Stage,Amount,Close Date,Deal owner,Associated Company\r\n',
  )
  const lines: string[] = []
  for (let i = 1; i <= rows; i++) {
    const month = String((i % 12) + 1).padStart(2, '0')
    lines.push(
      `${1_000_000 + i},"Deal ${i}, renewal",${STAGES[i % STAGES.length] ?? ''},"${(i % 997) * 100}.50",2026-${month}-15,${OWNER},Company ${i % 5000}\r\n`,
    )
    if (lines.length === 1000) {
      yield Buffer.from(lines.join(''))
      lines.length = 0
    }
  }
  if (lines.length > 0) yield Buffer.from(lines.join(''))
}

let peakRss = 0
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss)
}, 50)

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dealcoach-import-bench-'))
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  RUN_WORKERS: 'false',
  DEMO_WORKSPACE: 'false',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'import-bench-secret-import-bench-secret-0123',
  ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
})
const app = await buildApp(config, { logger: false })
try {
  const [organisation] = await app.db
    .insert(organisations)
    .values({ name: 'Import bench' })
    .returning({ id: organisations.id })
  const [user] = await app.db
    .insert(users)
    .values({
      organisationId: organisation?.id ?? '',
      email: OWNER,
      firstName: 'Bench',
      lastName: 'Admin',
      role: 'admin',
    })
    .returning({ id: users.id })
  const caller: AuthUser = {
    id: user?.id ?? '',
    organisationId: organisation?.id ?? '',
    role: 'admin',
    firstName: 'Bench',
    lastName: 'Admin',
    sessionId: 'bench',
  }
  const pipeline = await app.services.pipelines.create(caller, {
    name: 'Sales',
    framework: 'meddic',
    active: true,
  })
  STAGES.splice(0, STAGES.length, ...pipeline.stages.slice(0, 4).map((stage) => stage.name))

  const timings: Record<string, number> = {}
  const time = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await run()
    timings[step] = Math.round(performance.now() - started)
    return result
  }
  // The database (PGlite's WebAssembly heap) and the app before any import: the import's own
  // memory is the peak above this.
  const baselineRss = process.memoryUsage().rss
  peakRss = baselineRss
  const job = { organisationId: caller.organisationId, importId: '' }
  const created = await time('upload', () =>
    app.services.imports.create(caller, {
      kind: 'deals',
      mapping: undefined,
      fileName: 'bench.csv',
      content: exportFile(),
    }),
  )
  job.importId = created.id
  await time('dry run', () => app.services.imports.runValidation(job, { finalAttempt: true }))
  const dry = await app.services.imports.get(caller, created.id)
  await app.services.imports.commit(caller, created.id)
  await time('commit', () => app.services.imports.runCommit(job, { finalAttempt: true }))
  const done = await app.services.imports.get(caller, created.id)
  clearInterval(sampler)
  const summary = {
    database: config.database.kind,
    rows,
    file_mb: Number((created.fileSize / 1024 / 1024).toFixed(1)),
    status: done.row.status,
    dry_run: { create: dry.row.plannedCreate, error: dry.row.errorRows },
    result: { created: done.row.created, error: done.row.failedRows },
    ms: timings,
    baseline_rss_mb: Math.round(baselineRss / 1024 / 1024),
    peak_rss_mb: Math.round(peakRss / 1024 / 1024),
  }
  console.log(JSON.stringify(summary, null, 2))
} finally {
  clearInterval(sampler)
  await app.close()
  await rm(dataDir, { recursive: true, force: true })
}
