import { DEALS_DEFAULT_PAGE_SIZE, DEALS_MAX_PAGE_SIZE } from '@dealcoach/contracts/deals'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql'
import {
  createGraphQLError,
  createSchema,
  createYoga,
  maskError as defaultMaskError,
  type Plugin,
  type YogaLogger,
} from 'graphql-yoga'
import { requireUser } from '../lib/caller.js'
import { DomainError } from '../lib/domain-errors.js'
import { HttpError } from '../lib/http-error.js'
import { BEARER_AUTH } from '../plugins/openapi.js'
import { costLimitRule, depthLimitRule } from './graphql-limits.js'
import {
  createLoaders,
  type GraphQLContext,
  type GraphQLServices,
  type Loaders,
} from './graphql-loaders.js'
import { resolvers } from './resolvers.js'
import { typeDefs } from './type-defs.js'

/** What the Fastify route hands yoga with each request. */
interface ServerContext {
  req: FastifyRequest
  reply: FastifyReply
}

/** How many operations one batched request may carry. */
export const MAX_BATCH = 10

/** Domain errors keep their meaning over GraphQL, as `extensions.code` (the HTTP status is 200). */
const CODE_BY_KIND: Record<DomainError['kind'], string> = {
  invalid: 'BAD_USER_INPUT',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  not_found: 'NOT_FOUND',
  conflict: 'CONFLICT',
  gone: 'GONE',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  rate_limited: 'RATE_LIMITED',
  not_implemented: 'NOT_IMPLEMENTED',
  upstream_unavailable: 'UPSTREAM_UNAVAILABLE',
}

function yogaLogger(log: FastifyBaseLogger): YogaLogger {
  const forward =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) => {
      const [first, ...rest] = args
      if (first instanceof Error) log[level]({ err: first }, 'graphql')
      else log[level](rest.length > 0 ? { details: rest } : {}, String(first))
    }
  return {
    debug: forward('debug'),
    info: forward('info'),
    warn: forward('warn'),
    error: forward('error'),
  }
}

/**
 * A resolver's failure reaches the client as its domain error or as yoga's masked "Unexpected
 * error." (DESIGN §5: no internal message leaks); the unexpected ones are logged in full.
 */
function errorMasker(log: FastifyBaseLogger, isDev: boolean) {
  return (error: unknown, message: string): Error => {
    const original = error instanceof GraphQLError ? error.originalError : error
    if (original instanceof DomainError) {
      return createGraphQLError(original.message, {
        nodes: error instanceof GraphQLError ? error.nodes : undefined,
        path: error instanceof GraphQLError ? error.path : undefined,
        extensions: { code: CODE_BY_KIND[original.kind] },
      })
    }
    if (original && !(original instanceof GraphQLError)) {
      log.error({ err: original }, 'graphql operation failed')
    }
    return defaultMaskError(error, message, isDev)
  }
}

/**
 * POST and GET /graphql (spec §7, DESIGN §5): graphql-yoga behind Fastify's bearer-token check,
 * with batching, depth and cost limits, and no introspection in production.
 */
export const graphqlRoutes: FastifyPluginAsyncZod<{ services: GraphQLServices }> = async (
  app,
  { services },
) => {
  const production = app.config.env === 'production'
  // One set of loaders per HTTP request, so a batch's operations share what they loaded.
  const loadersByRequest = new WeakMap<FastifyRequest, Loaders>()
  const loadersOf = (request: FastifyRequest) => {
    let loaders = loadersByRequest.get(request)
    if (!loaders) {
      loaders = createLoaders(services, requireUser(request))
      loadersByRequest.set(request, loaders)
    }
    return loaders
  }

  const limits: Plugin = {
    onValidate({ addValidationRule }) {
      addValidationRule(depthLimitRule)
      addValidationRule(
        costLimitRule({ default: DEALS_DEFAULT_PAGE_SIZE, max: DEALS_MAX_PAGE_SIZE }),
      )
      if (production) addValidationRule(NoSchemaIntrospectionCustomRule)
    },
  }

  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema: createSchema<ServerContext & GraphQLContext>({ typeDefs, resolvers }),
    graphqlEndpoint: '/graphql',
    batching: { limit: MAX_BATCH },
    graphiql: false,
    landingPage: false,
    logging: yogaLogger(app.log),
    maskedErrors: { maskError: errorMasker(app.log, app.config.env === 'development') },
    context: ({ req }) => ({
      caller: requireUser(req),
      services,
      loaders: loadersOf(req),
    }),
    plugins: [limits],
  })

  const UNREADABLE_REQUEST =
    'Send a JSON body {query, variables, operationName} with content-type application/json, or the query in the query string of a GET.'

  app.route({
    method: ['GET', 'POST'],
    url: '/graphql',
    schema: {
      tags: ['graphql'],
      summary: 'The GraphQL endpoint',
      description: `A JSON body {query, variables, operationName}, or an array of up to ${MAX_BATCH} of them (a batch, answered by an array); GET takes the three in the query string, for queries only. Queries: deal(id), deals(pipelineId, searchQuery, page, perPage), pipelines, me. Without a valid bearer token the answer is a 401 whose error has extensions.code UNAUTHENTICATED.`,
      security: BEARER_AUTH,
    },
    // The token is checked before the body is read, as on every REST route, but a refusal is
    // worded as GraphQL: the web's client reads `errors` and refreshes the token on the 401.
    onRequest: async (request, reply) => {
      try {
        await app.authenticate.call(app, request, reply)
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 401) throw error
        return reply
          .status(401)
          .headers(error.headers ?? {})
          .send({ errors: [{ message: error.message, extensions: { code: 'UNAUTHENTICATED' } }] })
      }
    },
    handler: async (request, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(request, reply, {
        req: request,
        reply,
      })
      response.headers.forEach((value, key) => {
        void reply.header(key, value)
      })
      // Yoga refuses a body it cannot read (no or another content type) with an empty 415;
      // clients read `errors`, so the refusal says what to send.
      if (response.status >= 400 && response.body === null) {
        return reply
          .status(response.status)
          .type('application/json')
          .send({ errors: [{ message: UNREADABLE_REQUEST, extensions: { code: 'BAD_REQUEST' } }] })
      }
      return reply.status(response.status).send(response.body)
    },
  })
}
