import pino from 'pino'
import type { AppConfig } from './config.js'
import type { DatabaseHandle } from './db/client.js'
import { loggerOptions } from './lib/logger-options.js'
import type { Closable } from './lib/shutdown.js'
import { startRuntime } from './runtime.js'
import type { Services } from './services.js'

export interface Worker extends Closable {
  database: DatabaseHandle
  services: Services
}

/**
 * The job workers alone (DESIGN §2 scale-out): the database, the queues and the services, with
 * no HTTP server, routes, API documents or static files.
 */
export async function buildWorker(config: AppConfig): Promise<Worker> {
  const options = loggerOptions(config)
  const log = pino(typeof options === 'object' ? options : { level: config.logLevel })
  const runtime = await startRuntime({ ...config, runWorkers: true }, log)
  return {
    log,
    database: runtime.database,
    services: runtime.services,
    close: () => runtime.stop(),
  }
}
