import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const apiTarget = 'http://127.0.0.1:3000'
const apiPaths = ['/v1', '/auth', '/graphql', '/health', '/ready', '/openapi.json', '/docs']

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split off with their route's page (TanStack keeps them in the main bundle by
      // default): what they import, the API modules and their schemas, would otherwise load on
      // every page, the sign-in page included (DESIGN §7: login route <= 150 KB gzip of JS).
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
  ],
  resolve: {
    conditions: ['source'],
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    // In development Vite serves the app and forwards API calls to the server on port 3000.
    proxy: Object.fromEntries(apiPaths.map((prefix) => [prefix, apiTarget])),
  },
  build: {
    sourcemap: true,
    // Module preload is native in every browser the app supports: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page loads at start is one chunk, and the sign-in page's own code another:
        // each one download, compressed as a whole, rather than dozens of small ones split by
        // shared use (DESIGN §7: the login route's JS within 150 KB gzip).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'login', test: /src[\\/]routes[\\/]login[\\/]/ },
          ],
        },
      },
    },
  },
})
