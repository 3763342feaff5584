import type { FastifyBaseLogger } from 'fastify'
import type { PgBoss } from 'pg-boss'
import type { AppConfig } from './config.js'
import { type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.js'
import { jobRegistry } from './jobs/registry.js'
import { startJobs } from './jobs/start-jobs.js'
import { createBoss } from './plugins/boss.js'
import { createServices, type Services } from './services.js'

/** What the server and the worker share: the migrated database, the job queue and the services. */
export interface Runtime {
  database: DatabaseHandle
  boss: PgBoss
  services: Services
  /** Lets running jobs finish (up to the shutdown timeout), then closes the database. */
  stop(): Promise<void>
}

export async function startRuntime(config: AppConfig, log: FastifyBaseLogger): Promise<Runtime> {
  const database = await openDatabase(config.database)
  let boss: PgBoss | undefined
  try {
    await migrateDatabase(database)
    boss = createBoss(database, { runWorkers: config.runWorkers })
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'))
    await boss.start()
    const services = createServices({ config, db: database.db, boss, log })
    await startJobs(boss, jobRegistry(services), { runWorkers: config.runWorkers, log })
    const started = boss
    return {
      database,
      boss,
      services,
      stop: async () => {
        await started.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
        await database.close()
      },
    }
  } catch (error) {
    await boss?.stop({ graceful: false }).catch(() => undefined)
    await database.close()
    throw error
  }
}
