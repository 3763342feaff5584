import { randomBytes, randomUUID } from 'node:crypto'
import { spawn } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { migrateDatabase, openDatabase } from '../db/client.js'
import type { BenchContext } from './bench-scenarios.js'

export const DEFAULT_BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/dealcoach_bench'

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** What seeding took, for docs/benchmarks.md (issue 11 asks for the 100k figure). */
export interface SeedReport {
  deals: number
  totalMs: number
  /** seed-scale's own per-step lines ("engagements (1000000): 41234 ms"). */
  steps: string[]
  /** The one-minute load average before seeding: a busy machine makes the figure incomparable. */
  loadBefore: number
}

/** The scale organisation the seed made; its name is "Scale bench <time>". */
export interface ScaleOrganisation {
  organisationId: string
  dealCount: number
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

function maintenanceUrl(url: string): { adminUrl: string; name: string } {
  const parsed = new URL(url)
  const name = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(`BENCH_DATABASE_URL: the database name "${name}" must be letters, digits or _`)
  }
  parsed.pathname = '/postgres'
  return { adminUrl: parsed.toString(), name }
}

/** Creates the bench database if it is missing; with `fresh`, drops it first. */
export async function ensureDatabase(url: string, options: { fresh: boolean }): Promise<void> {
  const { adminUrl, name } = maintenanceUrl(url)
  await withClient(adminUrl, async (client) => {
    if (options.fresh) await client.query(`drop database if exists ${name} with (force)`)
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (rowCount === 0) await client.query(`create database ${name}`)
  })
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 1 })
  try {
    await migrateDatabase(handle)
  } finally {
    await handle.close()
  }
}

export async function findScaleOrganisation(url: string): Promise<ScaleOrganisation | undefined> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ id: string; deals: string }>(
      `select o.id, (select count(*) from deals d where d.organisation_id = o.id) as deals
       from organisations o where o.name like 'Scale bench %'
       order by o.created_at desc limit 1`,
    )
    const row = rows[0]
    return row && Number(row.deals) > 0
      ? { organisationId: row.id, dealCount: Number(row.deals) }
      : undefined
  })
}

/** Runs `npm run seed:scale` as its own process and times it from start to exit. */
export async function seedScale(url: string, deals: number): Promise<SeedReport> {
  const loadBefore = os.loadavg()[0] ?? 0
  const started = performance.now()
  const steps: string[] = []
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        'src/scripts/seed-scale.ts',
        '--deals',
        String(deals),
        '--database-url',
        url,
      ],
      { cwd: serverRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk)
      steps.push(...chunk.split('\n').filter((line) => /: \d+ ms$/.test(line)))
    })
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`seed:scale exited with ${code}`)),
    )
  })
  return { deals, totalMs: performance.now() - started, steps, loadBefore }
}

/**
 * Fresh planner statistics, and the visibility map a live database has from autovacuum (a just
 * seeded one does not, and its index-only scans would read the heap). Cheap when nothing changed.
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, (client) => client.query('vacuum analyze'))
}

/**
 * The records the deal screen and the board's follow-up calls ask for: the pipeline's default
 * first page (as the list orders it), its first deal's newest engagement, and the busiest
 * objection type.
 */
async function loadDealRecords(
  client: pg.Client,
  organisationId: string,
  pipelineId: string,
): Promise<
  Pick<
    BenchContext,
    'dealId' | 'pageDealIds' | 'engagementId' | 'engagementType' | 'objectionTypeId'
  >
> {
  const pageDealIds = (
    await client.query<{ id: string }>(
      `select id from deals where organisation_id = $1 and pipeline_id = $2
       order by last_activity_at desc nulls last, created_at desc, id desc limit 100`,
      [organisationId, pipelineId],
    )
  ).rows.map((row) => row.id)
  const dealId = pageDealIds[0]
  const engagement = (
    await client.query<{ id: string; type: string }>(
      `select id, type from engagements where organisation_id = $1 and deal_id = $2
       order by occurred_at desc limit 1`,
      [organisationId, dealId],
    )
  ).rows[0]
  const objectionType = (
    await client.query<{ objection_type_id: string }>(
      `select objection_type_id from objections where organisation_id = $1
       group by objection_type_id order by count(*) desc limit 1`,
      [organisationId],
    )
  ).rows[0]
  if (!dealId || !engagement || !objectionType) {
    throw new Error('the scale organisation has no deal with engagements, or no objections')
  }
  return {
    dealId,
    pageDealIds,
    engagementId: engagement.id,
    engagementType: engagement.type,
    objectionTypeId: objectionType.objection_type_id,
  }
}

/** The ids the scenarios need, and the admin the bench signs in as. */
export async function loadBenchContext(
  url: string,
  organisationId: string,
): Promise<{
  context: BenchContext
  admin: { id: string; firstName: string; lastName: string }
}> {
  return withClient(url, async (client) => {
    const admin = (
      await client.query<{ id: string; first_name: string; last_name: string }>(
        `select id, first_name, last_name from users
         where organisation_id = $1 and role = 'admin' order by created_at limit 1`,
        [organisationId],
      )
    ).rows[0]
    const pipeline = (
      await client.query<{ pipeline_id: string }>(
        `select pipeline_id from deals where organisation_id = $1
         group by pipeline_id order by count(*) desc limit 1`,
        [organisationId],
      )
    ).rows[0]
    if (!admin || !pipeline) throw new Error('the scale organisation has no admin or no deals')
    const stageIds = (
      await client.query<{ id: string }>(
        'select id from stages where pipeline_id = $1 order by position',
        [pipeline.pipeline_id],
      )
    ).rows.map((row) => row.id)
    // The seed spreads owners and stages by the same counter, so one owner's deals may sit in
    // a single stage: take the stage of that owner's open deals plus another one, so the filter
    // is a real two-value `in` that matches rows rather than an empty page that flatters.
    const owned = (
      await client.query<{ owner_id: string; stage_id: string }>(
        `select owner_id, stage_id from deals
         where organisation_id = $1 and pipeline_id = $2 and status = 'open' and owner_id is not null
         group by owner_id, stage_id order by count(*) desc limit 1`,
        [organisationId, pipeline.pipeline_id],
      )
    ).rows[0]
    if (!owned) throw new Error('the scale organisation has no open deal with an owner')
    const otherStage = stageIds.find((id) => id !== owned.stage_id)
    const ownerId = owned.owner_id
    const ownerStageIds = otherStage ? [owned.stage_id, otherStage] : [owned.stage_id]
    return {
      context: {
        organisationId,
        pipelineId: pipeline.pipeline_id,
        stageIds,
        ownerId,
        ownerStageIds,
        today: new Date().toISOString().slice(0, 10),
        ...(await loadDealRecords(client, organisationId, pipeline.pipeline_id)),
      },
      admin: { id: admin.id, firstName: admin.first_name, lastName: admin.last_name },
    }
  })
}

/**
 * A live session (refresh-token family) for the bench's caller: access tokens are honoured only
 * while theirs is (ADR 0016). Answers its id, the token's `sid`.
 */
export async function startBenchSession(
  url: string,
  user: { id: string; organisationId: string },
  hours: number,
): Promise<string> {
  const familyId = randomUUID()
  await withClient(url, (client) =>
    client.query(
      `insert into refresh_tokens (organisation_id, user_id, family_id, token_hash, expires_at)
       values ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
      [user.organisationId, user.id, familyId, randomBytes(32).toString('hex'), hours],
    ),
  )
  return familyId
}
