import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../tools/vitest/workspace-aliases.js'

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    environment: 'node',
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['./src/test-support/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
