import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const apiTarget = 'http://127.0.0.1:3000'
const apiPaths = ['/v1', '/auth', '/graphql', '/health', '/ready', '/openapi.json', '/docs']

export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), tailwindcss()],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // In development Vite serves the app and forwards API calls to the server on port 3000.
    proxy: Object.fromEntries(apiPaths.map((prefix) => [prefix, apiTarget])),
  },
  build: { sourcemap: true },
})
