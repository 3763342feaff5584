import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { z } from 'zod'
import { loadConfig } from '../config.js'
import { type DatabaseHandle, openDatabase } from '../db/client.js'
import { createBoss } from '../plugins/boss.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { defineQueue, handleJobs } from './queue-definition.js'
import { createQueues, startWorkers } from './start-jobs.js'

const BATCH_QUEUE = defineQueue({
  name: 'start-jobs-test',
  payload: z.object({ n: z.number() }),
  options: { retryLimit: 1, retryDelay: 1 },
  workOptions: { pollingIntervalSeconds: 0.5, batchSize: 4 },
})

const FAILING = 3

/** A queue whose one job is claimed by a worker that dies (ADR 0020). */
const ORPHAN_QUEUE = defineQueue({
  name: 'start-jobs-orphan-test',
  payload: z.object({ n: z.number() }),
  options: { retryLimit: 2, retryDelay: 1 },
  workOptions: { pollingIntervalSeconds: 0.5 },
})

/** A queue made before its definition changed. */
const CHANGED_QUEUE = defineQueue({
  name: 'start-jobs-changed-test',
  payload: z.object({}),
  options: { retryLimit: 4, expireInSeconds: 120 },
})

const HEARTBEAT_SECONDS = 20

/** Records what the worker logs, so a test can see a failure reported. */
function recordingLog() {
  const lines: { level: string; message: string }[] = []
  const at = (level: string) => (_details: unknown, message?: string) => {
    lines.push({ level, message: message ?? '' })
  }
  const log = {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    fatal: at('fatal'),
  }
  return { log: log as unknown as FastifyBaseLogger, lines }
}

async function settled(boss: PgBoss, ids: string[], queue = BATCH_QUEUE.name) {
  const deadline = Date.now() + 20_000
  for (;;) {
    const jobs = await Promise.all(ids.map((id) => boss.getJobById(queue, id)))
    if (jobs.every((job) => job && ['completed', 'failed'].includes(job.state))) return jobs
    if (Date.now() > deadline) throw new Error('jobs did not settle in time')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('job workers', () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  let boss: PgBoss
  const runs: { n: number; finalAttempt: boolean }[] = []
  const orphanRuns: { n: number; retryCount: number }[] = []
  const orphan = handleJobs(ORPHAN_QUEUE, async ({ n }, { retryCount }) => {
    orphanRuns.push({ n, retryCount })
  })
  const recorded = recordingLog()

  beforeAll(async () => {
    database = await createTestDatabase({
      pgliteTemplateDir: inject('pgliteTemplateDir'),
      postgresTemplateDb: inject('postgresTemplateDb'),
    })
    // The supervisor looks for dead workers' jobs every second here (a real setting; 30 s by default).
    const config = loadConfig({ NODE_ENV: 'test', ...database.env, JOB_MONITOR_SECONDS: '1' })
    handle = await openDatabase(config.database)
    boss = createBoss(handle, { runWorkers: true, jobs: config.jobs })
    await boss.start()
    // Made with other settings by an earlier release; createQueues brings it up to date.
    await boss.createQueue(CHANGED_QUEUE.name, { retryLimit: 1 })
    const job = handleJobs(BATCH_QUEUE, async ({ n }, { finalAttempt }) => {
      runs.push({ n, finalAttempt })
      if (n === FAILING) throw new Error(`job ${n} breaks`)
    })
    const changed = handleJobs(CHANGED_QUEUE, async () => undefined)
    await createQueues(boss, [job, orphan, changed], { heartbeatSeconds: HEARTBEAT_SECONDS })
    await startWorkers(boss, [job], recorded.log)
  })

  afterAll(async () => {
    await boss?.stop({ graceful: false })
    await handle?.close()
    await database?.drop()
  })

  it('settles each job of a batch on its own: a failure retries only itself, a bad payload never runs', async () => {
    const ids: string[] = []
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const id = await boss.send(BATCH_QUEUE.name, { n })
      if (id) ids.push(id)
    }
    const invalid = await boss.send(BATCH_QUEUE.name, { n: 'seven' })
    if (!invalid) throw new Error('the invalid job was not sent')

    const jobs = await settled(boss, [...ids, invalid])
    const stateOf = (id: string) => jobs.find((job) => job?.id === id)?.state

    // Every good job ran exactly once, whatever its batchmate did.
    expect(
      runs
        .filter((run) => run.n !== FAILING)
        .map((run) => run.n)
        .sort(),
    ).toEqual([1, 2, 4, 5, 6])
    expect(ids.filter((_, index) => index !== FAILING - 1).map(stateOf)).toEqual(
      Array(5).fill('completed'),
    )
    // The failing job used its one retry, the last one known to it as final, then failed.
    expect(runs.filter((run) => run.n === FAILING)).toEqual([
      { n: FAILING, finalAttempt: false },
      { n: FAILING, finalAttempt: true },
    ])
    expect(stateOf(ids[FAILING - 1] ?? '')).toBe('failed')
    // A payload no schema accepts fails at once, without retries, and is logged.
    const rejected = jobs.find((job) => job?.id === invalid)
    expect(rejected).toMatchObject({ state: 'failed', retryCount: 0 })
    expect(recorded.lines).toContainEqual({ level: 'error', message: 'job payload is invalid' })
    expect(recorded.lines.filter((line) => line.message === 'job failed')).toHaveLength(2)
  }, 30_000)

  it('brings a queue made before up to date with its definition, and gives every queue the heartbeat', async () => {
    expect(await boss.getQueue(CHANGED_QUEUE.name)).toMatchObject({
      retryLimit: 4,
      expireInSeconds: 120,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    })
    expect(await boss.getQueue(BATCH_QUEUE.name)).toMatchObject({
      retryLimit: 1,
      heartbeatSeconds: HEARTBEAT_SECONDS,
    })
  })

  it('hands the job of a worker that died back to its queue once its heartbeat is stale, and it runs once more', async () => {
    const id = await boss.send(ORPHAN_QUEUE.name, { n: 7 })
    if (!id) throw new Error('the job was not sent')
    // A worker claims the job and dies: no heartbeat, no completion. Its last heartbeat is then
    // made older than the queue's limit instead of waiting for it.
    const [claimed] = await boss.fetch(ORPHAN_QUEUE.name)
    expect(claimed?.id).toBe(id)
    await handle.db.execute(
      sql`update pgboss.job set heartbeat_on = now() - interval '1 minute' where id = ${id}`,
    )
    expect((await boss.getJobById(ORPHAN_QUEUE.name, id))?.state).toBe('active')

    await startWorkers(boss, [orphan], recorded.log)
    const [job] = await settled(boss, [id], ORPHAN_QUEUE.name)
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 })
    expect(orphanRuns).toEqual([{ n: 7, retryCount: 1 }])
  }, 30_000)
})
