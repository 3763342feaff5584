/**
 * Child process for the outbox kill test: registers one address after another on a PGlite data
 * directory (each registration row, its outbox e-mail and the delivery job in one transaction)
 * and reports each on stdout, until its parent kills it with SIGKILL.
 */
import { pino } from 'pino'
import { loadConfig } from '../config.js'
import { startRuntime } from '../runtime.js'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: registration-writer <data-dir>')

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RUN_WORKERS: 'false' })
const runtime = await startRuntime(config, pino({ level: 'silent' }))
for (let i = 0; ; i++) {
  const email = `killed-${i}@example.com`
  // One source address each: the per-address throttle is not what this test is about.
  const ip = `10.9.${(i >> 8) & 255}.${i & 255}`
  await runtime.services.auth.registration.requestRegistration(
    { email, firstname: 'Ada', lastname: 'Lovelace' },
    ip,
  )
  process.stdout.write(`committed ${email}\n`)
}
