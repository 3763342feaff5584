import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { startDemoWorkspace } from './demo/demo-startup.js'
import { exitOnStartupFailure } from './lib/exit-on-startup-failure.js'
import { installGracefulShutdown } from './lib/shutdown.js'

async function main() {
  const config = loadConfig()
  const app = await buildApp(config, { deferWorkers: true })
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs })
  // Before listening, so nobody signs in to a half-made demo. Its analyses wait for the workers,
  // started once the server listens: on the embedded database's one connection they would
  // otherwise take turns with the demo's writes and delay the first page.
  await startDemoWorkspace({ config, db: app.db, services: app.services, log: app.log })
  await app.listen({ host: config.host, port: config.port })
  await app.startWorkers()
  const where =
    config.database.kind === 'pglite'
      ? `embedded PostgreSQL in ${config.database.dataDir}`
      : 'PostgreSQL'
  app.log.info(`Dealcoach ${config.appVersion} is ready at ${config.appUrl} (${where})`)
}

main().catch((error: unknown) => exitOnStartupFailure('Dealcoach', error))
