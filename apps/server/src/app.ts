import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import type { PgBoss } from 'pg-boss'
import type { AppConfig } from './config.js'
import { type Database, type DatabaseHandle, migrateDatabase, openDatabase } from './db/client.js'
import { createAuthQueues, registerAuthWorkers } from './modules/auth/auth.jobs.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { createAuthService } from './modules/auth/auth.service.js'
import { createIdTokenVerifier } from './modules/auth/id-token-verifier.js'
import { crmRoutes } from './modules/crm/crm.routes.js'
import { createCrmService } from './modules/crm/crm.service.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { createMailTransport } from './modules/mail/mail-transport.js'
import { createMailQueues, registerMailWorkers } from './modules/mail/mail.jobs.js'
import { createMailService, type MailService } from './modules/mail/mail.service.js'
import { objectionTypesRoutes } from './modules/objections/objection-types.routes.js'
import { createObjectionTypesService } from './modules/objections/objection-types.service.js'
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js'
import { createOnboardingService } from './modules/onboarding/onboarding.service.js'
import { organisationProductRoutes } from './modules/organisations/organisation-product.routes.js'
import { createOrganisationProductService } from './modules/organisations/organisation-product.service.js'
import { pipelinesRoutes } from './modules/pipelines/pipelines.routes.js'
import { createPipelinesService } from './modules/pipelines/pipelines.service.js'
import { salesFrameworksRoutes } from './modules/sales-frameworks/sales-frameworks.routes.js'
import { usersRoutes } from './modules/users/users.routes.js'
import { createUsersService } from './modules/users/users.service.js'
import { authPlugin } from './plugins/auth.js'
import { createBoss } from './plugins/boss.js'
import { errorsPlugin } from './plugins/errors.js'
import { openapiPlugin } from './plugins/openapi.js'
import { staticPlugin } from './plugins/static.js'

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig
    database: DatabaseHandle
    db: Database
    boss: PgBoss
    mail: MailService
  }
}

export interface BuildAppOptions {
  /** Overrides the pino logger options, e.g. `false` in tests. */
  logger?: FastifyServerOptions['logger']
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

/** The whole application as one Fastify instance: database, jobs, API and web app. */
export async function buildApp(
  config: AppConfig,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id']
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID()
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>()

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
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

  const database = await openDatabase(config.database)
  let boss: PgBoss | undefined
  try {
    await migrateDatabase(database)
    boss = createBoss(database, { runWorkers: config.runWorkers })
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'))
    await boss.start()
  } catch (error) {
    await boss?.stop({ graceful: false }).catch(() => undefined)
    await database.close()
    throw error
  }

  const mail = createMailService({
    db: database.db,
    boss,
    transport: createMailTransport(config.smtpUrl, app.log),
    from: config.mailFrom,
  })
  await createMailQueues(boss)
  if (config.runWorkers) await registerMailWorkers(boss, mail)
  await createAuthQueues(boss)
  if (config.runWorkers) await registerAuthWorkers(boss, database.db)

  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('db', database.db)
  app.decorate('boss', boss)
  app.decorate('mail', mail)

  // By the time onClose runs, in-flight requests have finished: stop the jobs, then the database.
  const startedBoss = boss
  app.addHook('onClose', async () => {
    await startedBoss.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
    await database.close()
  })

  await app.register(errorsPlugin)
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
  await app.register(cookie)
  await app.register(openapiPlugin)
  await app.register(authPlugin)
  await app.register(healthRoutes)

  const auth = createAuthService({
    db: database.db,
    config,
    mail,
    idTokens: createIdTokenVerifier(config.socialProviders),
    log: app.log,
  })
  await app.register(authRoutes, { auth })
  await app.register(usersRoutes, {
    users: createUsersService({ db: database.db, auth, log: app.log }),
  })
  await app.register(pipelinesRoutes, {
    pipelines: createPipelinesService({ db: database.db }),
  })
  await app.register(salesFrameworksRoutes)
  await app.register(organisationProductRoutes, {
    product: createOrganisationProductService({ db: database.db }),
  })
  await app.register(objectionTypesRoutes, {
    objectionTypes: createObjectionTypesService({ db: database.db }),
  })
  await app.register(onboardingRoutes, {
    onboarding: createOnboardingService({ db: database.db }),
  })
  // No CRM provider adapters yet: they arrive with the data-import work.
  await app.register(crmRoutes, { crm: createCrmService({ db: database.db, providers: [] }) })
  await app.register(staticPlugin)

  return app
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
        '*.access_token',
        '*.joinkey',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  }
}

/** Join keys travel in the URL path; they must never reach the logs. */
export function redactUrl(url: string): string {
  return url.replace(/^\/(register|complete_registration)\/[^/?#]+/, '/$1/[redacted]')
}
