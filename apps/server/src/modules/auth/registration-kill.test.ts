import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { like, sql } from 'drizzle-orm'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { loadConfig } from '../../config.js'
import { openDatabase } from '../../db/client.js'
import { registrations } from '../../db/schema/accounts.js'
import { outboxEmails } from '../../db/schema/mail.js'
import { createTestDatabase, testDatabaseKind } from '../../test-support/test-database.js'

const here = path.dirname(fileURLToPath(import.meta.url))

describe.skipIf(testDatabaseKind() !== 'pglite')('registration killed mid-write', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('keeps every registration with exactly one e-mail and one job, and nothing half-written', async () => {
    const test = await createTestDatabase({
      pgliteTemplateDir: inject('pgliteTemplateDir'),
      postgresTemplateDb: inject('postgresTemplateDb'),
    })
    cleanups.push(() => test.drop())
    const { database } = loadConfig(test.env)
    if (database.kind !== 'pglite') throw new Error('expected PGlite')

    const reported = await runWriterUntilKilled(database.dataDir, 8)
    expect(reported.length).toBeGreaterThanOrEqual(8)

    const reopened = await openDatabase(database)
    cleanups.push(() => reopened.close())
    const { db } = reopened
    const registered = await db
      .select({ email: registrations.email })
      .from(registrations)
      .where(like(registrations.email, 'killed-%'))
    const emails = await db
      .select({ id: outboxEmails.id, to: outboxEmails.toAddress })
      .from(outboxEmails)
      .where(like(outboxEmails.toAddress, 'killed-%'))
    const jobs = rowsOf<{ outboxId: string }>(
      await db.execute(
        sql`select data->>'outboxId' as "outboxId" from pgboss.job where name = 'mail-delivery'`,
      ),
    )

    // Everything reported is there; at most the registration in flight at the kill is extra.
    const addresses = registered.map((row) => row.email).sort()
    expect(addresses).toEqual(expect.arrayContaining(reported))
    expect(addresses.length - reported.length).toBeLessThanOrEqual(1)
    // Each registration has one e-mail and each e-mail one job: none without the other.
    expect(emails.map((row) => row.to).sort()).toEqual(addresses)
    expect(jobs.map((job) => job.outboxId).sort()).toEqual(emails.map((row) => row.id).sort())
  }, 90_000)
})

function rowsOf<Row>(result: unknown): Row[] {
  // Both drivers answer `{ rows }`; the Database type leaves the result generic.
  return (result as { rows: Row[] }).rows
}

/** Starts the writer, lets it report `minimum` registrations, SIGKILLs it mid-way through the next. */
function runWriterUntilKilled(dataDir: string, minimum: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        path.join(here, '../../test-support/registration-writer.ts'),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const reported: string[] = []
    let buffered = ''
    let stderr = ''
    let killing = false
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^committed (\S+)$/.exec(line)
        // Commits that land between the decision to kill and the kill are reported too.
        if (match?.[1]) reported.push(match[1])
      }
      if (reported.length >= minimum && !killing) {
        killing = true
        // A few milliseconds into the next registration, somewhere inside its transaction.
        setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 15))
      }
    })
    // 'close', not 'exit': every line the writer flushed before dying has been read by then.
    child.on('close', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(reported)
      else reject(new Error(`writer exited on its own (${String(signal)}): ${stderr}`))
    })
  })
}
