import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
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

main().catch((error: unknown) => {
  // Start-up failures are one line naming the cause, e.g. "PORT: must be a whole number ...".
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? error.stack
        : String(error)
  process.stderr.write(`Dealcoach could not start: ${message}\n`)
  process.exit(1)
})
