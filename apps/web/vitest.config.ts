import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'
import { workspaceAliases } from '../../tools/vitest/workspace-aliases.js'

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      ...workspaceAliases,
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['../../vitest.setup.ts', './src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // One jsdom and one module graph per worker instead of per file: the suite runs about three
    // times faster. Files therefore spy (never vi.mock) and leave no state behind (test-setup.ts).
    isolate: false,
    // Room for the asyncUtilTimeout of src/test-setup.ts on busy CI machines.
    testTimeout: 15_000,
  },
})
