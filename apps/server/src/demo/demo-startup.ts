import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { AppConfig } from '../config.js'
import type { Database } from '../db/client.js'
import { DEMO_ADMIN_EMAIL, DEMO_MEMBER_EMAIL } from './generate-demo.js'
import {
  type DemoServices,
  deleteDemo,
  findDemoOrganisation,
  isEmpty,
  loadDemo,
} from './load-demo.js'

/**
 * The generated password lives in a file next to the embedded database (or wherever DATA_DIR
 * points with PostgreSQL), readable by whoever runs the server: the database keeps only its hash,
 * and the start-up line shows it again on every start while the demo exists.
 */
export function demoCredentialsFile(config: Pick<AppConfig, 'dataDir'>) {
  return path.join(config.dataDir, 'demo-credentials.txt')
}

async function writeCredentials(config: Pick<AppConfig, 'dataDir'>, password: string) {
  await mkdir(config.dataDir, { recursive: true })
  // Line 1 the admin, line 2 the password every demo rep shares, then a member to try.
  await writeFile(
    demoCredentialsFile(config),
    `${DEMO_ADMIN_EMAIL}\n${password}\n${DEMO_MEMBER_EMAIL}\n`,
    {
      mode: 0o600,
    },
  )
}

async function readPassword(config: Pick<AppConfig, 'dataDir'>): Promise<string | undefined> {
  const text = await readFile(demoCredentialsFile(config), 'utf8').catch(() => undefined)
  return text?.split('\n')[1]?.trim() || undefined
}

function signInLine(config: Pick<AppConfig, 'appUrl'>, password: string | undefined) {
  const secret = password ?? '(see the password you were shown on the first start)'
  return (
    `Demo workspace: sign in at ${config.appUrl}/login as ${DEMO_ADMIN_EMAIL} (admin) ` +
    `or ${DEMO_MEMBER_EMAIL} (member; every demo rep shares it) with password ${secret}`
  )
}

/**
 * On start: creates the demo on an empty database (DEMO_WORKSPACE not false), and while the demo
 * organisation exists prints its sign-in, so a later start still shows it.
 */
export async function startDemoWorkspace(input: {
  config: AppConfig
  db: Database
  services: DemoServices
  log: FastifyBaseLogger
}): Promise<void> {
  const { config, db, services, log } = input
  if (!config.demoWorkspace) return
  if (await isEmpty(db)) {
    const started = Date.now()
    const demo = await loadDemo(db, services)
    await writeCredentials(config, demo.password)
    log.info(
      `Demo workspace created (${demo.deals} deals, ${demo.engagements} calls and e-mails, analysed in the background) in ${Date.now() - started} ms`,
    )
    log.info(signInLine(config, demo.password))
    return
  }
  if (await findDemoOrganisation(db)) log.info(signInLine(config, await readPassword(config)))
}

/** `npm run demo:reset`: deletes the demo organisation and makes it again, with a new password. */
export async function resetDemoWorkspace(input: {
  config: AppConfig
  db: Database
  services: DemoServices
}) {
  await deleteDemo(input.db)
  await rm(demoCredentialsFile(input.config), { force: true })
  const demo = await loadDemo(input.db, input.services)
  await writeCredentials(input.config, demo.password)
  return { ...demo, line: signInLine(input.config, demo.password) }
}
