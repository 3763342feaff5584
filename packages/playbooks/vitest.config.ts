import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../tools/vitest/workspace-aliases.js'

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    environment: 'node',
    setupFiles: ['../../vitest.setup.ts'],
  },
})
