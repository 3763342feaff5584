import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { ConfigError, type DatabaseConfig } from '../config.js'
import * as accountsTables from './schema/accounts.js'
import * as analysisTables from './schema/analysis.js'
import * as crmTables from './schema/crm.js'
import * as dealsTables from './schema/deals.js'
import * as engagementsTables from './schema/engagements.js'
import * as mailTables from './schema/mail.js'
import * as objectionTypesTables from './schema/objection-types.js'
import * as organisationsTables from './schema/organisations.js'
import * as pipelinesTables from './schema/pipelines.js'
import * as settingsTables from './schema/settings.js'

/** Every table, by area (one file per area under ./schema). */
const schema = {
  ...accountsTables,
  ...analysisTables,
  ...crmTables,
  ...dealsTables,
  ...engagementsTables,
  ...mailTables,
  ...objectionTypesTables,
  ...organisationsTables,
  ...pipelinesTables,
  ...settingsTables,
}

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/** One database module, two drivers: the same schema, migrations and queries on both. */
export interface DatabaseHandle {
  db: Database
  driver: DatabaseConfig['kind']
  /** Exposed for pg-boss, which speaks SQL text rather than Drizzle. */
  pglite?: PGlite
  pool?: pg.Pool
  close(): Promise<void>
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
)

// Held while migrating and installing the job queue, so that replicas starting together do not
// race on PostgreSQL.
const MIGRATION_LOCK_KEY = 7_311_942_005

export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  return config.kind === 'pglite'
    ? openPglite(config.dataDir)
    : openPostgres(config.url, config.poolSize)
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const pgDir = path.join(dataDir, 'pg')
  mkdirSync(pgDir, { recursive: true })
  const client = await PGlite.create(pgDir)
  const db = drizzlePglite({ client, schema })
  return {
    db: db as unknown as Database,
    driver: 'pglite',
    pglite: client,
    close: async () => {
      if (!client.closed) await client.close()
    },
  }
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // pg's default closes a connection after 10 idle seconds. A new one is a new PostgreSQL
    // backend: its catalog caches are cold (its first plans take several times longer) and the
    // prepared statements of the old one are gone, so traffic that pauses for a few seconds kept
    // paying for both. Held for a minute, the pool never grows beyond its size either way.
    idleTimeoutMillis: 60_000,
  })
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end()
    throw new ConfigError(
      `DATABASE_URL: cannot connect to ${describeTarget(url)} (${describeError(error)})`,
    )
  }
  const db = drizzleNodePg({ client: pool, schema })
  return {
    db: db as unknown as Database,
    driver: 'postgres',
    pool,
    close: () => pool.end(),
  }
}

/**
 * Applies the committed SQL migrations (already applied ones are skipped), then runs `install`,
 * the job queue's own set-up, under the same lock. pg-boss locks its install too, yet two
 * processes starting together on a new PostgreSQL database failed one in three: the second's
 * `CREATE SCHEMA IF NOT EXISTS pgboss` broke the schema name's unique index. The lock is held on
 * a connection of its own, so `install` needs another from the pool (DATABASE_POOL_SIZE ≥ 2).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  install: () => Promise<void> = async () => undefined,
): Promise<void> {
  if (handle.pglite) {
    await migratePglite(drizzlePglite({ client: handle.pglite }), { migrationsFolder })
    await install()
    return
  }
  if (!handle.pool) throw new Error('database handle has neither driver')
  const client = await handle.pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
    await install()
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
    client.release()
  }
}

export async function isReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await handle.db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}

function describeTarget(url: string): string {
  const parsed = new URL(url)
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === 'string' && code ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}
