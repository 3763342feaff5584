import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../tools/vitest/workspace-aliases.js'

export default defineProject({
  resolve: {
    alias: [
      ...workspaceAliases,
      // graphql has no "exports" map: Node (and so graphql-yoga) loads its CommonJS build, while
      // Vite would give our sources the ESM one, and graphql refuses types from another copy.
      { find: /^graphql$/, replacement: 'graphql/index.js' },
    ],
  },
  test: {
    environment: 'node',
    setupFiles: ['../../vitest.setup.ts'],
    globalSetup: ['./src/test-support/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    // Every file builds its own app on its own database copy, so files share nothing but the
    // loaded modules; loading those (the engine's model above all) once per worker saves minutes.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
