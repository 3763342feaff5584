import { randomUUID } from 'node:crypto'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789'

/** Which database the server tests run on: set per Vitest project (see the root vitest.config.ts). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.DEALCOACH_TEST_DB === 'postgres' ? 'postgres' : 'pglite'
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

export interface TestDatabase {
  env: Record<string, string>
  drop(): Promise<void>
}

/** A private, already migrated database for one test file. */
export async function createTestDatabase(templates: {
  pgliteTemplateDir: string
  postgresTemplateDb: string
}): Promise<TestDatabase> {
  if (testDatabaseKind() === 'postgres') return createPostgresDatabase(templates.postgresTemplateDb)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'dealcoach-test-'))
  await cp(templates.pgliteTemplateDir, dataDir, { recursive: true })
  return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) }
}

/** A new, empty PostgreSQL database (no migrations, no job queue), for tests of the set-up itself. */
export function createEmptyPostgresDatabase(): Promise<TestDatabase> {
  return createPostgresDatabase('template0')
}

async function createPostgresDatabase(template: string): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? ''
  const name = `dealcoach_test_${randomUUID().replaceAll('-', '')}`
  await adminQuery(adminUrl, `create database ${name} template ${template}`)
  return {
    env: { DATABASE_URL: withDatabase(adminUrl, name), JWT_SECRET: TEST_JWT_SECRET },
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  }
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
