import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { TEST_JWT_SECRET, withDatabase } from './test-database.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory that each test file copies (opening a new one costs ~3 s). */
    pgliteTemplateDir: string
    /** A migrated PostgreSQL database that each test file clones with CREATE DATABASE … TEMPLATE. */
    postgresTemplateDb: string
  }
}

/** Migrates one database (schema and pg-boss) per run; test files copy it instead of migrating. */
export async function setup(project: TestProject) {
  // Runs in Vitest's main process, where only the project's config knows which database it is for.
  if (project.config.env.DEALCOACH_TEST_DB === 'postgres') {
    const adminUrl = requireTestDatabaseUrl()
    const template = `dealcoach_template_${process.pid}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${template}`)
    await admin.query(`create database ${template}`)
    await migrateInto({
      DATABASE_URL: withDatabase(adminUrl, template),
      JWT_SECRET: TEST_JWT_SECRET,
    })
    project.provide('postgresTemplateDb', template)
    project.provide('pgliteTemplateDir', '')
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`)
      await admin.end()
    }
  }

  const root = await mkdtemp(path.join(tmpdir(), 'dealcoach-template-'))
  await migrateInto({ DATA_DIR: root })
  project.provide('pgliteTemplateDir', root)
  project.provide('postgresTemplateDb', '')
  return () => rm(root, { recursive: true, force: true })
}

async function migrateInto(env: Record<string, string>) {
  const app = await buildApp(loadConfig({ ...env, RUN_WORKERS: 'false', NODE_ENV: 'test' }), {
    logger: false,
  })
  await app.close()
}

function requireTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project')
  return url
}
