import { fromPglite, PgBoss } from 'pg-boss'
import type { DatabaseHandle } from '../db/client.js'

/**
 * pg-boss keeps its queues in the application's own database (schema "pgboss"), so jobs are as
 * durable as the data they act on. On PGlite it shares the single embedded connection.
 */
export function createBoss(handle: DatabaseHandle, options: { runWorkers: boolean }): PgBoss {
  const common = {
    schema: 'pgboss',
    supervise: options.runWorkers,
    schedule: options.runWorkers,
    migrate: true,
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
