import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../lib/caller.js'
import { HttpError } from '../lib/http-error.js'
import { BEARER_AUTH } from '../plugins/openapi.js'
import { createLoaders, type GraphQLServices, type Loaders } from './graphql-loaders.js'
import { createGraphQLServer, MAX_BATCH } from './graphql-server.js'

/** Yoga's single-result answers: application/json or application/graphql-response+json. */
const JSON_ANSWER = /^application\/(?:graphql-response\+)?json(?:;|$)/

/** What the Fastify route hands yoga with each request. */
interface ServerContext {
  req: FastifyRequest
  reply: FastifyReply
}

/**
 * POST and GET /graphql (spec §7, DESIGN §5): the GraphQL server (graphql-server.ts) behind
 * Fastify's bearer-token check.
 */
export const graphqlRoutes: FastifyPluginAsyncZod<{ services: GraphQLServices }> = async (
  app,
  { services },
) => {
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

  const yoga = createGraphQLServer<ServerContext>({
    log: app.log,
    env: app.config.env,
    context: ({ req }) => ({
      caller: requireUser(req),
      services,
      loaders: loadersOf(req),
    }),
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
      // A JSON answer is read whole and sent as text, so the API's compression (compress-json.ts)
      // serves it as every REST answer; anything else (none today) streams as yoga made it.
      if (JSON_ANSWER.test(response.headers.get('content-type') ?? '')) {
        return reply.status(response.status).send(await response.text())
      }
      return reply.status(response.status).send(response.body)
    },
  })
}
