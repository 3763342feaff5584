import { DEALS_DEFAULT_PAGE_SIZE, DEALS_MAX_PAGE_SIZE } from '@dealcoach/contracts/deals'
import type { FastifyBaseLogger } from 'fastify'
import { GraphQLError, NoSchemaIntrospectionCustomRule } from 'graphql'
import {
  createGraphQLError,
  createSchema,
  createYoga,
  maskError as defaultMaskError,
  type Plugin,
  type YogaInitialContext,
  type YogaLogger,
} from 'graphql-yoga'
import type { AppConfig } from '../config.js'
import { DomainError } from '../lib/domain-errors.js'
import { useCompiledExecution } from './graphql-jit.js'
import { costLimitRule, depthLimitRule } from './graphql-limits.js'
import type { GraphQLContext } from './graphql-loaders.js'
import { resolvers } from './resolvers.js'
import { typeDefs } from './type-defs.js'

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
      const located = error instanceof GraphQLError ? error : undefined
      // Where the error is, as yoga's own masking keeps it: compiled execution (graphql-jit.ts)
      // gives a source and positions, graphql-js the nodes.
      return createGraphQLError(original.message, {
        nodes: located?.nodes,
        source: located?.source,
        positions: located?.positions,
        path: located?.path,
        extensions: { code: CODE_BY_KIND[original.kind] },
      })
    }
    if (original && !(original instanceof GraphQLError)) {
      log.error({ err: original }, 'graphql operation failed')
    }
    return defaultMaskError(error, message, isDev)
  }
}

export interface GraphQLServerOptions<TServerContext extends object> {
  log: FastifyBaseLogger
  env: AppConfig['env']
  /** What every resolver receives, from what the HTTP layer hands yoga with the request. */
  context: (initial: YogaInitialContext & TServerContext) => GraphQLContext
  /**
   * Operations run compiled by graphql-jit (graphql-jit.ts); false runs them on yoga's own
   * executor, which the tests hold the compiled answers to.
   */
  compiledExecution?: boolean
}

/**
 * The GraphQL server (DESIGN §5): batching, depth and cost limits, masked errors, and no
 * introspection in production. graphql.routes.ts puts it behind Fastify's bearer-token check.
 */
export function createGraphQLServer<TServerContext extends object>({
  log,
  env,
  context,
  compiledExecution = true,
}: GraphQLServerOptions<TServerContext>) {
  const limits: Plugin = {
    onValidate({ addValidationRule }) {
      addValidationRule(depthLimitRule)
      addValidationRule(
        costLimitRule({ default: DEALS_DEFAULT_PAGE_SIZE, max: DEALS_MAX_PAGE_SIZE }),
      )
      if (env === 'production') addValidationRule(NoSchemaIntrospectionCustomRule)
    },
  }

  return createYoga<TServerContext, GraphQLContext>({
    schema: createSchema<TServerContext & GraphQLContext>({ typeDefs, resolvers }),
    graphqlEndpoint: '/graphql',
    // Cross-origin access is the app's one setting (CORS_ORIGINS, @fastify/cors in app.ts);
    // yoga's own default would reflect any Origin back on /graphql answers.
    cors: false,
    batching: { limit: MAX_BATCH },
    graphiql: false,
    landingPage: false,
    logging: yogaLogger(log),
    maskedErrors: { maskError: errorMasker(log, env === 'development') },
    context,
    plugins: [limits, ...(compiledExecution ? [useCompiledExecution()] : [])],
  })
}
