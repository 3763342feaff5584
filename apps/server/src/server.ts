import { buildApp } from './app.js'
import { loadConfig } from './config.js'
import { exitOnStartupFailure } from './lib/exit-on-startup-failure.js'
import { installGracefulShutdown } from './lib/shutdown.js'

async function main() {
  const config = loadConfig()
  const app = await buildApp(config)
  installGracefulShutdown(app, { timeoutMs: config.shutdownTimeoutMs })
  await app.listen({ host: config.host, port: config.port })
  const where =
    config.database.kind === 'pglite'
      ? `embedded PostgreSQL in ${config.database.dataDir}`
      : 'PostgreSQL'
  app.log.info(`Dealcoach ${config.appVersion} is ready at ${config.appUrl} (${where})`)
}

main().catch((error: unknown) => exitOnStartupFailure('Dealcoach', error))
