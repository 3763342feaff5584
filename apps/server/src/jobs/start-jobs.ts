import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import type { RegisteredJob } from './queue-definition.js'

/**
 * Creates every queue (idempotent, so every process may do it) and, where this process runs
 * workers, starts one worker per queue and its schedule. Payloads are checked against the queue's
 * schema before the handler sees them.
 */
export async function startJobs(
  boss: PgBoss,
  jobs: readonly RegisteredJob[],
  options: { runWorkers: boolean; log: FastifyBaseLogger },
): Promise<void> {
  for (const { queue } of jobs) {
    await boss.createQueue(queue.name, queue.options)
    await warmQueueCache(boss, queue.name)
  }
  if (!options.runWorkers) return
  for (const { queue, handle } of jobs) {
    await boss.work<object, void, { includeMetadata: true }>(
      queue.name,
      { ...queue.workOptions, includeMetadata: true },
      async (batch) => {
        for (const job of batch) {
          const payload = queue.payload.safeParse(job.data)
          if (!payload.success) {
            options.log.error(
              { queue: queue.name, jobId: job.id, issues: payload.error.issues },
              'job payload is invalid',
            )
            throw new Error(`job ${job.id} of ${queue.name} has an invalid payload`)
          }
          await handle(payload.data, {
            id: job.id,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            finalAttempt: job.retryCount >= job.retryLimit,
          })
        }
      },
    )
    // Without data pg-boss fires scheduled jobs with a null payload, which no schema accepts.
    if (queue.schedule) await boss.schedule(queue.name, queue.schedule, {})
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
