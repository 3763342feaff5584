import pino from 'pino'
import { loadConfig } from '../config.js'
import { resetDemoWorkspace } from '../demo/demo-startup.js'
import { exitOnStartupFailure } from '../lib/exit-on-startup-failure.js'
import { loggerOptions } from '../lib/logger-options.js'
import { startRuntime } from '../runtime.js'

/**
 * `npm run demo:reset`: deletes the demo organisation and makes it again. Workers stay off here;
 * the server analyses the queued deals when it next runs (with the embedded database the server
 * must be stopped first: PGlite is one process's database).
 */
async function main() {
  const config = { ...loadConfig(), runWorkers: false }
  const options = loggerOptions(config)
  const log = pino(typeof options === 'object' ? options : { level: config.logLevel })
  const runtime = await startRuntime(config, log)
  try {
    const started = Date.now()
    const demo = await resetDemoWorkspace({
      config,
      db: runtime.database.db,
      services: runtime.services,
    })
    log.info(
      `Demo workspace rebuilt (${demo.deals} deals, ${demo.engagements} calls and e-mails) in ${Date.now() - started} ms; the server analyses them when it runs`,
    )
    log.info(demo.line)
  } finally {
    await runtime.stop()
  }
}

main().catch((error: unknown) => exitOnStartupFailure('Dealcoach demo:reset', error))
