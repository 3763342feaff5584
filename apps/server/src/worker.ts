import { buildWorker } from './build-worker.js'
import { ConfigError, loadConfig } from './config.js'
import { exitOnStartupFailure } from './lib/exit-on-startup-failure.js'
import { installGracefulShutdown } from './lib/shutdown.js'

/** Runs the job workers alone, without serving HTTP (scale-out: N servers with RUN_WORKERS=false, M workers). */
async function main() {
  const config = { ...loadConfig(), runWorkers: true }
  if (config.database.kind === 'pglite') {
    // PGlite is one process's database: a second process on the same directory would corrupt it.
    throw new ConfigError(
      'DATABASE_URL: a separate worker needs PostgreSQL; with the embedded database the server runs the workers itself (RUN_WORKERS=true)',
    )
  }
  const worker = await buildWorker(config)
  installGracefulShutdown(worker, { timeoutMs: config.shutdownTimeoutMs })
  worker.log.info('Dealcoach worker is running (no HTTP port)')
}

main().catch((error: unknown) => exitOnStartupFailure('Dealcoach worker', error))
