import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'

const apiTarget = 'http://127.0.0.1:3000'
const apiPaths = ['/v1', '/auth', '/graphql', '/health', '/ready', '/openapi.json', '/docs']

/** Text assets worth compressing (source maps are for developers, fetched rarely; translations go
 * through a server route, not as files). */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/
const MIN_COMPRESS_BYTES = 1024

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each text asset of the build, at the highest
 * levels: the server sends the one the browser accepts (@fastify/static preCompressed), so no
 * request pays for compression (DESIGN §7).
 */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'dealcoach-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle: async () => {
      const files = await readdir(outDir, { recursive: true })
      const assets = files.filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('locales'))
      for (const file of assets) {
        const filePath = path.join(outDir, file)
        const content = await readFile(filePath)
        if (content.length < MIN_COMPRESS_BYTES) continue
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        })
        await writeFile(`${filePath}.br`, brotli)
        await writeFile(`${filePath}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}

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
    precompress(),
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
