import { setImmediate } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { JobResult, JobWithMetadata, PgBoss } from 'pg-boss'
import type { RegisteredJob } from './queue-definition.js'

/** What every queue gets unless its definition says otherwise. */
export interface QueueDefaults {
  /** A running job's worker proves it is alive this often (ADR 0020); pg-boss's minimum is 10. */
  heartbeatSeconds: number
}

/**
 * Creates every queue, or brings an existing one's settings up to date: pg-boss's createQueue
 * leaves a queue that exists as it was, so without the update a deployment that changes a queue's
 * retries, expiry or heartbeat would keep the old ones. Idempotent, so every process may do it.
 */
export async function createQueues(
  boss: PgBoss,
  jobs: readonly RegisteredJob[],
  defaults: QueueDefaults,
): Promise<void> {
  for (const { queue } of jobs) {
    const options = { heartbeatSeconds: defaults.heartbeatSeconds, ...queue.options }
    await boss.createQueue(queue.name, options)
    // A queue's policy and partitioning are fixed when it is made.
    const { policy: _policy, partition: _partition, ...settings } = options
    await boss.updateQueue(queue.name, settings)
    await warmQueueCache(boss, queue.name)
  }
}

/**
 * Starts one worker per queue and its schedule. Payloads are checked against the queue's schema
 * before the handler sees them; the jobs of a fetched batch run one after another.
 */
export async function startWorkers(
  boss: PgBoss,
  jobs: readonly RegisteredJob[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const job of jobs) {
    const { queue } = job
    await boss.work(
      queue.name,
      {
        batchSize: 1,
        ...queue.workOptions,
        // A full batch means a backlog: fetch the next at once instead of after the poll interval.
        burstWhenBatchFull: true,
        // Each job of a batch succeeds or fails alone: one bad job must not retry its neighbours.
        perJobResults: true,
        includeMetadata: true,
      },
      async (batch) => {
        const results: JobResult[] = []
        for (const fetched of batch) {
          results.push(await runJob(job, fetched, log))
          // The embedded database answers within the same turn of the event loop, so a backlog
          // would otherwise run to its end before the server reads another request.
          await setImmediate()
        }
        return results
      },
    )
    // Without data pg-boss fires scheduled jobs with a null payload, which no schema accepts.
    if (queue.schedule) await boss.schedule(queue.name, queue.schedule, {})
  }
}

/** Runs one fetched job and says how it ended; a payload no schema accepts fails for good. */
async function runJob(
  { queue, handle }: RegisteredJob,
  job: JobWithMetadata<unknown>,
  log: FastifyBaseLogger,
): Promise<JobResult> {
  const payload = queue.payload.safeParse(job.data)
  if (!payload.success) {
    log.error(
      { queue: queue.name, jobId: job.id, issues: payload.error.issues },
      'job payload is invalid',
    )
    return { id: job.id, status: 'deadletter', output: { message: 'invalid payload' } }
  }
  const finalAttempt = job.retryCount >= job.retryLimit
  try {
    await handle(payload.data, {
      id: job.id,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      finalAttempt,
    })
    return { id: job.id, status: 'completed' }
  } catch (error) {
    log.warn({ queue: queue.name, jobId: job.id, finalAttempt, err: error }, 'job failed')
    const message = error instanceof Error ? error.message : String(error)
    return { id: job.id, status: 'failed', output: { message } }
  }
}

const NO_JOB = '00000000-0000-0000-0000-000000000000'

/**
 * pg-boss looks a queue up in its own cache before it sends a job, and on a miss asks the
 * database on its own connection. On PGlite there is one connection, held by the caller's
 * transaction during `enqueue(tx, …)`, so that lookup would wait forever. Looking each queue up
 * once at start-up (createQueue empties its cache entry) fills the cache first.
 */
async function warmQueueCache(boss: PgBoss, name: string): Promise<void> {
  await boss.getJobById(name, NO_JOB)
}
