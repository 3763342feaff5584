import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inArray, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { ConfigError, type DatabaseConfig, loadConfig } from '../config.js'
import { startRuntime } from '../runtime.js'
import {
  createEmptyPostgresDatabase,
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test-support/test-database.js'
import { migrateDatabase, migrationsFolder, openDatabase } from './client.js'
import { organisations } from './schema/organisations.js'

const here = path.dirname(fileURLToPath(import.meta.url))

async function privateDatabase(): Promise<{ database: DatabaseConfig; test: TestDatabase }> {
  const test = await createTestDatabase({
    pgliteTemplateDir: inject('pgliteTemplateDir'),
    postgresTemplateDb: inject('postgresTemplateDb'),
  })
  return { database: loadConfig(test.env).database, test }
}

describe('the database module', () => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('reuses an existing database without redoing migrations, keeping its data', async () => {
    const { database, test } = await privateDatabase()
    cleanups.push(() => test.drop())
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[]
    }

    const first = await openDatabase(database)
    await migrateDatabase(first)
    const [created] = await first.db.insert(organisations).values({ name: 'Acme' }).returning()
    await first.close()

    const second = await openDatabase(database)
    cleanups.push(() => second.close())
    await migrateDatabase(second)
    const [applied] = await second.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`drizzle.__drizzle_migrations`)
    expect(applied?.count).toBe(journal.entries.length)
    const found = await second.db
      .select()
      .from(organisations)
      .where(inArray(organisations.id, [created?.id ?? '']))
    expect(found).toHaveLength(1)
  })

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'sets a new database up from two processes starting together: both migrate and start the job queue',
    async () => {
      const test = await createEmptyPostgresDatabase()
      cleanups.push(() => test.drop())
      const config = { ...loadConfig(test.env), runWorkers: false }
      const log = pino({ level: 'silent' })

      const started = await Promise.allSettled([
        startRuntime(config, log),
        startRuntime(config, log),
      ])
      for (const result of started) {
        if (result.status === 'fulfilled') cleanups.push(() => result.value.stop())
      }

      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    },
    60_000,
  )

  it('stops with one line naming DATABASE_URL when PostgreSQL cannot be reached', async () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://127.0.0.1:1/nowhere',
      JWT_SECRET: 'x'.repeat(32),
    })
    const opening = openDatabase(config.database)
    await expect(opening).rejects.toBeInstanceOf(ConfigError)
    await expect(opening).rejects.toThrow(
      /^DATABASE_URL: cannot connect to 127\.0\.0\.1:1\/nowhere \(ECONNREFUSED/,
    )
  })

  it.skipIf(testDatabaseKind() !== 'pglite')(
    'loses nothing committed when the process is killed mid-write (PGlite data directory)',
    async () => {
      const { database, test } = await privateDatabase()
      cleanups.push(() => test.drop())
      if (database.kind !== 'pglite') throw new Error('expected PGlite')

      const committed = await runWriterUntilKilled(database.dataDir, 25)
      expect(committed.length).toBeGreaterThanOrEqual(25)

      const reopened = await openDatabase(database)
      cleanups.push(() => reopened.close())
      const rows = await reopened.db
        .select({ id: organisations.id })
        .from(organisations)
        .where(inArray(organisations.id, committed))
      expect(rows).toHaveLength(committed.length)
    },
    60_000,
  )
})

/** Starts the writer, lets it commit at least `minimum` rows, SIGKILLs it and returns what it reported. */
function runWriterUntilKilled(dataDir: string, minimum: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions',
        'source',
        '--import',
        'tsx',
        path.join(here, '../test-support/durability-writer.ts'),
        dataDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    const committed: string[] = []
    let buffered = ''
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      const lines = buffered.split('\n')
      buffered = lines.pop() ?? ''
      for (const line of lines) {
        const match = /^committed (\S+)$/.exec(line)
        if (match?.[1]) committed.push(match[1])
      }
      if (committed.length >= minimum && child.exitCode === null) child.kill('SIGKILL')
    })
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(committed)
      else reject(new Error(`writer exited on its own (${String(signal)}): ${stderr}`))
    })
  })
}
