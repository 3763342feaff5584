import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['../../vitest.setup.ts', './src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
})
