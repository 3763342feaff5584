import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { startDemoWorkspace } from './demo/demo-startup.js'
import { exitOnStartupFailure } from './lib/exit-on-startup-failure.js'
import { installGracefulShutdown } from './lib/shutdown.js'

async function main() {
  const config = loadConfig()
  const app = await buildApp(config)
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs })
  // Before listening, so nobody signs in to a half-made demo; its analysis runs in the background.
  await startDemoWorkspace({ config, db: app.db, services: app.services, log: app.log })
  await app.listen({ host: config.host, port: config.port })
  const where =
    config.database.kind === 'pglite'
      ? `embedded PostgreSQL in ${config.database.dataDir}`
      : 'PostgreSQL'
  app.log.info(`Dealcoach ${config.appVersion} is ready at ${config.appUrl} (${where})`)
}

main().catch((error: unknown) => exitOnStartupFailure('Dealcoach', error))
