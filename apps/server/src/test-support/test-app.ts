import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp } from '../app.js'
import { type AppConfig, loadConfig } from '../config.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'

export interface TestApp {
  app: FastifyInstance
  config: AppConfig
  close(): Promise<void>
}

/** Builds the real app on a private copy of the migrated test database. */
export async function createTestApp(
  env: Record<string, string> = {},
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const database: TestDatabase = await createTestDatabase({
    pgliteTemplateDir: inject('pgliteTemplateDir'),
    postgresTemplateDb: inject('postgresTemplateDb'),
  })
  const config = { ...loadConfig({ NODE_ENV: 'test', ...database.env, ...env }), ...overrides }
  const app = await buildApp(config, { logger: false })
  return {
    app,
    config,
    close: async () => {
      try {
        await app.close()
      } finally {
        await database.drop()
      }
    },
  }
}
