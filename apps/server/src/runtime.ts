import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import type { AppConfig } from './config.js'
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.js'
import { jobRegistry } from './jobs/registry.js'
import { createQueues, startWorkers } from './jobs/start-jobs.js'
import { createBoss } from './plugins/boss.js'
import { createServices, type Services } from './services.js'

/** What the server and the worker share: the migrated database, the job queue and the services. */
export interface Runtime {
  database: DatabaseHandle
  boss: PgBoss
  services: Services
  /**
   * Starts this process's job workers (when it runs them), unless `startRuntime` already did;
   * calling it again does nothing.
   */
  startWorkers: () => Promise<void>
  /** Lets running jobs finish (up to the shutdown timeout), then closes the database. */
  stop(): Promise<void>
}

export interface RuntimeOptions {
  /**
   * Leave the workers to a later `startWorkers()`: the server first writes the demo workspace and
   * starts listening, which on the embedded database's one connection would otherwise take turns
   * with the demo's analyses.
   */
  deferWorkers?: boolean
}

export async function startRuntime(
  config: AppConfig,
  log: FastifyBaseLogger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const database = await openDatabase(config.database)
  let boss: PgBoss | undefined
  try {
    const queue = createBoss(database, { runWorkers: config.runWorkers, jobs: config.jobs })
    boss = queue
    queue.on('error', (error) => log.error({ err: error }, 'job queue error'))
    // The queue installs its schema under the migrations' lock (client.ts says why).
    await migrateDatabase(database, async () => {
      await queue.start()
    })
    const services = createServices({ config, db: database.db, boss, log })
    const jobs = jobRegistry(services)
    await createQueues(boss, jobs, { heartbeatSeconds: config.jobs.heartbeatSeconds })
    const started = boss
    let workersStarted = false
    const runtime: Runtime = {
      database,
      boss,
      services,
      startWorkers: async () => {
        if (workersStarted || !config.runWorkers) return
        workersStarted = true
        await startWorkers(started, jobs, log)
      },
      stop: async () => {
        await started.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
        await database.close()
      },
    }
    if (!options.deferWorkers) await runtime.startWorkers()
    return runtime
  } catch (error) {
    await boss?.stop({ graceful: false }).catch(() => undefined)
    await database.close()
    throw error
  }
}
