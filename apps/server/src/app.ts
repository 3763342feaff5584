import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppConfig, TrustProxy } from './config.js'
import type { Database, DatabaseHandle } from './db/client.js'
import { graphqlRoutes } from './graphql/graphql.routes.js'
import { loggerOptions } from './lib/logger-options.js'
import {
  checkedSerializerCompiler,
  plainSerializerCompiler,
} from './plugins/response-serializer.js'
import { analysisRoutes } from './modules/analysis/analysis.routes.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { crmRoutes } from './modules/crm/crm.routes.js'
import { dealActivityRoutes } from './modules/deals/deal-activity.routes.js'
import { dealStatsRoutes } from './modules/deals/deal-stats.routes.js'
import { dealsRoutes } from './modules/deals/deals.routes.js'
import { engagementsRoutes } from './modules/engagements/engagements.routes.js'
import { importsRoutes } from './modules/imports/imports.routes.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { objectionAnalysisRoutes } from './modules/objections/objection-analysis.routes.js'
import { objectionFeedbackRoutes } from './modules/objections/objection-feedback.routes.js'
import { objectionTypesRoutes } from './modules/objections/objection-types.routes.js'
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js'
import { organisationProductRoutes } from './modules/organisations/organisation-product.routes.js'
import { organisationRoutes } from './modules/organisations/organisation.routes.js'
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes.js'
import { salesFrameworksRoutes } from './modules/sales-frameworks/sales-frameworks.routes.js'
import { usersRoutes } from './modules/users/users.routes.js'
import { authPlugin } from './plugins/auth.js'
import { compressJsonPlugin } from './plugins/compress-json.js'
import { jsonBodyPlugin } from './plugins/json-body.js'
import { inputGuardPlugin } from './plugins/input-guard.js'
import { uuidCasePlugin } from './plugins/uuid-case.js'
import { errorsPlugin, handleClientError, sendFrameworkError } from './plugins/errors.js'
import { openapiPlugin } from './plugins/openapi.js'
import { staticPlugin } from './plugins/static.js'
import { startRuntime } from './runtime.js'
import type { Services } from './services.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    database: DatabaseHandle
    db: Database
    services: Services
    /** Starts the job workers, when `buildApp` was told to defer them; otherwise does nothing. */
    startWorkers: () => Promise<void>
  }
}

export interface BuildAppOptions {
  /** Overrides the pino logger options, e.g. `false` in tests. */
  logger?: FastifyServerOptions['logger']
  /** Start the job workers only when `app.startWorkers()` is called (see `RuntimeOptions`). */
  deferWorkers?: boolean
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/**
 * TRUST_PROXY for Fastify. Fastify 5.12 refuses a bare hop count (it trusts nothing then, since a
 * count cannot tell a proxy from a client that reached the server directly); a deployment that is
 * only reachable through its proxies can count hops safely, so a count becomes proxy-addr's own
 * rule: believe the socket peer and the last `hops - 1` entries of X-Forwarded-For.
 */
function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting
  const hops = setting
  return (_address: string, hop: number) => hop < hops
}

/** The whole application as one Fastify instance: database, jobs, API and web app. */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    bodyLimit: 1_048_576,
    // `GET /v1/pipelines/` is the list, as without the slash, not `/v1/pipelines/{id}` with an
    // empty id (a puzzling "params.id: Invalid UUID").
    routerOptions: { ignoreTrailingSlash: true },
    clientErrorHandler: handleClientError,
    frameworkErrors: (error, _request, reply) => {
      void sendFrameworkError(error, reply)
    },
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(
    config.env === 'production' ? plainSerializerCompiler : checkedSerializerCompiler,
  )
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id)
    done()
  })
  // Once shutdown starts, answers to in-flight requests close their keep-alive connection, so
  // the server can finish draining instead of waiting for clients to hang up.
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close')
    done(null, payload)
  })

  const runtime = await startRuntime(config, app.log, { deferWorkers: options.deferWorkers })
  app.decorate('config', config)
  app.decorate('database', runtime.database)
  app.decorate('db', runtime.database.db)
  app.decorate('services', runtime.services)
  app.decorate('startWorkers', runtime.startWorkers)
  // By the time onClose runs, in-flight requests have finished: stop the jobs, then the database.
  app.addHook('onClose', () => runtime.stop())

  await app.register(errorsPlugin)
  await app.register(jsonBodyPlugin)
  const https = config.appUrl.startsWith('https://')
  await app.register(helmet, {
    contentSecurityPolicy: {
      // Plain-HTTP installs (localhost, a LAN address) must not be told to upgrade to HTTPS.
      directives: { upgradeInsecureRequests: https ? [] : null },
    },
    strictTransportSecurity: https,
  })
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
  })
  // API answers and translations go compressed once large enough (DESIGN §7, Lighthouse); the
  // built assets have pre-compressed copies (plugins/static.ts).
  await app.register(compressJsonPlugin)
  await app.register(cookie)
  await app.register(openapiPlugin)
  await app.register(inputGuardPlugin)
  await app.register(uuidCasePlugin)
  await app.register(authPlugin)
  await app.register(healthRoutes)

  const { services } = runtime
  await app.register(authRoutes, { auth: services.auth })
  await app.register(usersRoutes, { users: services.users })
  await app.register(pipelinesRoutes, { pipelines: services.pipelines })
  await app.register(dealsRoutes, {
    deals: services.deals,
    dealList: services.dealList,
    dealActivity: services.dealActivity,
  })
  await app.register(dealActivityRoutes, {
    dealActivity: services.dealActivity,
    dealStages: services.dealStages,
  })
  await app.register(dealStatsRoutes, { dealStats: services.dealStats })
  await app.register(salesFrameworksRoutes)
  await app.register(organisationRoutes, { organisations: services.organisations })
  await app.register(organisationProductRoutes, { product: services.product })
  await app.register(objectionTypesRoutes, { objectionTypes: services.objectionTypes })
  await app.register(objectionFeedbackRoutes, { objectionFeedback: services.objectionFeedback })
  await app.register(objectionAnalysisRoutes, { objectionAnalysis: services.objectionAnalysis })
  await app.register(onboardingRoutes, { onboarding: services.onboarding })
  await app.register(crmRoutes, { crm: services.crm })
  await app.register(analysisRoutes, { analysis: services.analysis })
  await app.register(engagementsRoutes, { engagements: services.engagements })
  await app.register(importsRoutes, { imports: services.imports })
  await app.register(graphqlRoutes, { services })
  await app.register(staticPlugin)

  return app
}
