import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

// The server's integration tests run on embedded PGlite always, and again on a real PostgreSQL
// server when TEST_DATABASE_URL is set (CI sets it).
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    extends: './apps/server/vitest.config.ts',
    test: { name: 'server:pglite', root: './apps/server', env: { DEALCOACH_TEST_DB: 'pglite' } },
  },
]
if (process.env.TEST_DATABASE_URL) {
  serverProjects.push({
    extends: './apps/server/vitest.config.ts',
    test: {
      name: 'server:postgres',
      root: './apps/server',
      env: { DEALCOACH_TEST_DB: 'postgres' },
    },
  })
}

export default defineConfig({
  test: {
    projects: [
      {
        extends: './packages/contracts/vitest.config.ts',
        test: { name: 'contracts', root: './packages/contracts' },
      },
      {
        extends: './packages/playbooks/vitest.config.ts',
        test: { name: 'playbooks', root: './packages/playbooks' },
      },
      {
        extends: './packages/intelligence/vitest.config.ts',
        test: { name: 'intelligence', root: './packages/intelligence' },
      },
      ...serverProjects,
      { test: { name: 'tools', root: './tools', environment: 'node' } },
      { extends: './apps/web/vitest.config.ts', test: { name: 'web', root: './apps/web' } },
    ],
  },
})
