import { fromPglite, PgBoss } from 'pg-boss'
import type { JobsConfig } from '../config.js'
import type { DatabaseHandle } from '../db/client.js'

/**
 * pg-boss keeps its queues in the application's own database (schema "pgboss"), so jobs are as
 * durable as the data they act on. On PGlite it shares the single embedded connection.
 *
 * A process that runs workers also supervises: every `monitorSeconds` it hands the jobs of a dead
 * worker (heartbeat gone stale, ADR 0020) back to their queues. pg-boss's own default pass is
 * every 60 s; the supervision of several workers is coordinated in the database, so M workers do
 * not multiply it.
 */
export function createBoss(
  handle: DatabaseHandle,
  options: { runWorkers: boolean; jobs: JobsConfig },
): PgBoss {
  const common = {
    schema: 'pgboss',
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    migrate: true,
    superviseIntervalSeconds: options.jobs.monitorSeconds,
    monitorIntervalSeconds: options.jobs.monitorSeconds,
  }
  if (handle.pglite) {
    return new PgBoss({ ...common, backend: 'pglite', db: fromPglite(handle.pglite) })
  }
  const pool = handle.pool
  if (!pool) throw new Error('database handle has neither driver')
  return new PgBoss({
    ...common,
    db: { executeSql: (text, values) => pool.query(text, values) },
  })
}
