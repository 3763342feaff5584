import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../lib/error-responses.js'
import { sendError, sendMethodNotAllowed, servedMethods } from './errors.js'

const ONE_YEAR = 31_536_000
/** Paths that belong to the API: an unknown one is a JSON 404, never the single-page app. */
const API_PREFIXES = [
  '/v1/',
  '/auth/',
  '/register/',
  '/graphql',
  '/locales/',
  '/docs',
  '/openapi.json',
  '/health',
  '/ready',
]

/** Serves the built web app, its translations, and index.html for every client-side route. */
export const staticPlugin = fp(
  async (app: FastifyInstance) => {
    const distDir = app.config.webDistDir
    const indexFile = path.join(distDir, 'index.html')
    const indexHtml = existsSync(indexFile) ? readFileSync(indexFile) : undefined

    if (indexHtml) {
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        // The build writes a Brotli and a gzip copy beside each text asset (apps/web/vite.config.ts):
        // sent as the browser accepts them, with no compression work per request (DESIGN §7).
        preCompressed: true,
        globIgnore: ['index.html', 'locales/**', '**/*.br', '**/*.gz'],
        setHeaders: (reply, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`)
          void reply.header(
            'cache-control',
            hashed ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
          )
        },
      })
    } else {
      app.log.warn(`no built web app at ${distDir}: serving the API only (run "npm run build")`)
    }

    await app.register(localesRoutes, { localesDir: path.join(distDir, 'locales') })

    app.setNotFoundHandler((request, reply) => {
      if (indexHtml && isClientRoute(request)) {
        return reply
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(indexHtml)
      }
      const pathname = pathnameOf(request)
      // A method the path does not take is a 405 on the API's paths only: a POST to an asset or a
      // client route stays the 404 it was.
      const allowed = isApiPath(pathname) ? servedMethods(app, request.url) : []
      if (allowed.length > 0) {
        return sendMethodNotAllowed(reply, request.method, pathname, allowed)
      }
      return sendError(reply, 404, 'not_found', `No route for ${request.method} ${pathname}`)
    })
  },
  { name: 'static', dependencies: ['errors'] },
)

const pathnameOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/'

const isApiPath = (pathname: string) =>
  API_PREFIXES.some(
    (prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix),
  )

function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  const pathname = pathnameOf(request)
  if (isApiPath(pathname)) {
    // '/register/' alone is the sign-up page; '/register/{joinkey}' is the API.
    return pathname === '/register/'
  }
  // A missing asset such as /favicon.ico is a 404, not the app.
  return !path.posix.basename(pathname).includes('.')
}

const localeParams = z.object({
  lng: z
    .string()
    .regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})?$/i, 'must be a language code such as en or en-gb'),
  file: z.string().regex(/^[a-z0-9_-]+\.json$/i, 'must be a namespace file such as common.json'),
})

const localesRoutes: FastifyPluginAsyncZod<{ localesDir: string }> = async (
  app,
  { localesDir },
) => {
  app.get(
    '/locales/:lng/:file',
    {
      schema: {
        tags: ['i18n'],
        summary: 'Translations for one language and namespace',
        description:
          'A regional code with no translations of its own is served its language’s (spec §1: en-gb → en).',
        params: localeParams,
        querystring: z.object({
          v: z
            .string()
            .optional()
            .describe('The app version: with the current one, the answer is cached for a year'),
        }),
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { lng, file } = request.params
      const filePath = localeFile(localesDir, lng, file)
      if (!filePath) {
        return sendError(reply, 404, 'not_found', `No translations for ${lng}/${file}`)
      }
      setLocaleCaching(reply, request.query.v === app.config.appVersion)
      return JSON.parse(readFileSync(filePath, 'utf8')) as Record<string, unknown>
    },
  )
}

/**
 * The translations file for a language code: the code's own, else, for a regional code, its
 * language's (spec §1: en-gb maps to en); undefined when neither exists.
 */
function localeFile(localesDir: string, lng: string, file: string): string | undefined {
  const code = lng.toLowerCase()
  const language = code.split('-')[0] ?? code
  return [code, language]
    .map((dir) => path.join(localesDir, dir, file))
    .find((candidate) => existsSync(candidate))
}

/** A request carrying the current app version may be cached for good; the URL changes on release. */
function setLocaleCaching(reply: FastifyReply, versioned: boolean) {
  reply.header(
    'cache-control',
    versioned ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=300',
  )
}
