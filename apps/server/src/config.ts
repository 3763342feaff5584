import { hkdfSync, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes')

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])
const MAX_PROXY_HOPS = 20

/** An address, a CIDR range or one of proxy-addr's range names, as Fastify's trustProxy takes. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * Which X-Forwarded-For hops to believe. Trusting every hop (Fastify's `true`) would let a client
 * write its own address into the header and dodge the per-address sign-in limit, so `true` means
 * one hop, the load balancer in front of us; a number counts hops, a list names the proxies.
 */
export type TrustProxy = false | number | string[]

const trustProxySetting = z.string().transform((value, context): TrustProxy => {
  const setting = value.trim().toLowerCase()
  if (['false', 'no', '0'].includes(setting)) return false
  if (['true', 'yes'].includes(setting)) return 1
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting)
    if (hops <= MAX_PROXY_HOPS) return hops
  } else {
    const entries = setting.split(',').map((entry) => entry.trim())
    if (entries.every(isProxyAddress)) return entries
  }
  context.addIssue({
    code: 'custom',
    message: `must be false, true (one hop), a number of hops up to ${MAX_PROXY_HOPS}, or a comma-separated list of proxy addresses or CIDR ranges`,
  })
  return z.NEVER
})

const postgresUrl = z
  .string()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  )
  .refine((value) => URL.canParse(value), 'is not a valid URL')

/** A whole number from `min` to `max` (of `unit`, if named): one message for every way to miss. */
function wholeNumber(min: number, max: number, unit?: string) {
  const message = `must be a whole number ${unit ? `of ${unit} ` : ''}from ${min} to ${max}`
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message)
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: wholeNumber(0, 65535).default(3000),
  APP_URL: z.url({ error: 'must be an absolute http(s) URL' }).optional(),
  DATABASE_URL: postgresUrl.optional(),
  // One connection holds the set-up lock while the job queue installs through another (client.ts).
  DATABASE_POOL_SIZE: wholeNumber(2, 200).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RUN_WORKERS: booleanFlag.default(true),
  DEMO_WORKSPACE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: trustProxySetting.default(false),
  SESSION_IDLE_HOURS: z.coerce.number().positive().max(8_760).default(12),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().max(8_760).default(24),
  SESSION_REMEMBER_IDLE_DAYS: z.coerce.number().positive().max(365).default(7),
  SESSION_REMEMBER_ABSOLUTE_DAYS: z.coerce.number().positive().max(365).default(30),
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Dealcoach <no-reply@dealcoach.local>'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  JOB_HEARTBEAT_SECONDS: wholeNumber(10, 3_600, 'seconds').default(30),
  JOB_MONITOR_SECONDS: wholeNumber(1, 3_600, 'seconds').default(30),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .default('https://www.googleapis.com/oauth2/v3/certs'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_JWKS_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  ANALYSIS_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
  ANALYSIS_OPENAI_BASE_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .default('https://api.openai.com/v1'),
  ANALYSIS_OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  ANALYSIS_OPENAI_API_KEY: z.string().min(1).optional(),
  ANALYSIS_OPENAI_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  HUBSPOT_CLIENT_ID: z.string().min(1).optional(),
  HUBSPOT_CLIENT_SECRET: z.string().min(1).optional(),
  HUBSPOT_API_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .default('https://api.hubapi.com'),
  HUBSPOT_AUTHORIZE_URL: z
    .url({ error: 'must be an absolute http(s) URL' })
    .default('https://app.hubspot.com/oauth/authorize'),
  HUBSPOT_SEARCH_RESULT_CAP: z.coerce.number().int().min(1).max(10_000).default(10_000),
  CRM_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => Buffer.from(value, 'base64').length === 32,
      'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
    )
    .optional(),
})

export type DatabaseConfig =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number }

/** Which engine analyses deals (DESIGN §6): the built-in one, or an OpenAI-compatible API. */
export type AnalysisProviderConfig =
  | { kind: 'builtin' }
  | { kind: 'openai'; baseUrl: string; model: string; apiKey: string; timeoutMs: number }

/** A social sign-in provider; enabled only when its client id is configured. */
export interface SocialProviderConfig {
  clientId: string
  jwksUrl: string
}

/** HubSpot (DESIGN §9): OAuth when a client id and secret are configured, else private-app tokens. */
export interface HubspotConfig {
  apiUrl: string
  authorizeUrl: string
  oauth: { clientId: string; clientSecret: string } | null
  /** Where HubSpot sends the browser back after consent: the web app's callback page. */
  redirectUrl: string
  /** How many results one HubSpot search answers at most (HubSpot's cap is 10,000). */
  searchResultCap: number
}

export interface CrmConfig {
  /** AES-256-GCM key for stored CRM credentials (ADR 0013). */
  encryptionKey: Buffer
  hubspot: HubspotConfig
}

/** How long a session lasts without use (idle) and at most from its sign-in (absolute); ADR 0018. */
export interface SessionLimits {
  idleSeconds: number
  absoluteSeconds: number
}

export interface SessionLifetime {
  standard: SessionLimits
  /** "Keep me signed in". */
  remembered: SessionLimits
}

/**
 * How a job whose worker died is noticed (ADR 0020): a running job's worker refreshes its
 * heartbeat every `heartbeatSeconds / 2`; the supervisor, every `monitorSeconds`, hands a job whose
 * heartbeat is older than `heartbeatSeconds` back to its queue as a retry.
 */
export interface JobsConfig {
  heartbeatSeconds: number
  monitorSeconds: number
}

export interface AppConfig {
  env: 'development' | 'test' | 'production'
  host: string
  port: number
  appUrl: string
  database: DatabaseConfig
  jwtSecret: string
  runWorkers: boolean
  /** Make the demo workspace on an empty database; never by default in tests. */
  demoWorkspace: boolean
  /** Where generated files live (the embedded database, the JWT secret, the demo sign-in). */
  dataDir: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  corsOrigins: string[]
  trustProxy: TrustProxy
  sessionLifetime: SessionLifetime
  smtpUrl: string | undefined
  mailFrom: string
  shutdownTimeoutMs: number
  jobs: JobsConfig
  socialProviders: {
    google: SocialProviderConfig | null
    microsoft: SocialProviderConfig | null
  }
  /** The built single-page app; absent in development, where Vite serves it. */
  webDistDir: string
  appVersion: string
  analysis: AnalysisProviderConfig
  crm: CrmConfig
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/**
 * Reads the environment once. The only place in the server that reads process.env (DESIGN §2).
 * Throws a ConfigError whose message names the offending variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmptyValues(env))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const variable = issue?.path.join('.') ?? 'environment'
    throw new ConfigError(`${variable}: ${issue?.message ?? 'is invalid'}`)
  }
  const vars = parsed.data
  if (vars.DATABASE_URL && !vars.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET: is required when DATABASE_URL is set (at least 32 characters)',
    )
  }
  if (vars.ANALYSIS_PROVIDER === 'openai' && !vars.ANALYSIS_OPENAI_API_KEY) {
    throw new ConfigError('ANALYSIS_OPENAI_API_KEY: is required when ANALYSIS_PROVIDER is openai')
  }
  if (Boolean(vars.HUBSPOT_CLIENT_ID) !== Boolean(vars.HUBSPOT_CLIENT_SECRET)) {
    const missing = vars.HUBSPOT_CLIENT_ID ? 'HUBSPOT_CLIENT_SECRET' : 'HUBSPOT_CLIENT_ID'
    throw new ConfigError(`${missing}: is required with the other HubSpot OAuth variable`)
  }
  if (vars.SESSION_IDLE_HOURS > vars.SESSION_ABSOLUTE_HOURS) {
    throw new ConfigError('SESSION_IDLE_HOURS: must not exceed SESSION_ABSOLUTE_HOURS')
  }
  if (vars.SESSION_REMEMBER_IDLE_DAYS > vars.SESSION_REMEMBER_ABSOLUTE_DAYS) {
    throw new ConfigError(
      'SESSION_REMEMBER_IDLE_DAYS: must not exceed SESSION_REMEMBER_ABSOLUTE_DAYS',
    )
  }
  const dataDir = path.resolve(vars.DATA_DIR)
  const jwtSecret = vars.JWT_SECRET ?? readOrCreateSecret(dataDir)
  const appUrl = (vars.APP_URL ?? `http://localhost:${vars.PORT}`).replace(/\/+$/, '')
  const database: DatabaseConfig = vars.DATABASE_URL
    ? { kind: 'postgres', url: vars.DATABASE_URL, poolSize: vars.DATABASE_POOL_SIZE }
    : { kind: 'pglite', dataDir }

  return {
    env: vars.NODE_ENV,
    host: vars.HOST,
    port: vars.PORT,
    appUrl,
    database,
    jwtSecret,
    runWorkers: vars.RUN_WORKERS,
    demoWorkspace: vars.DEMO_WORKSPACE ?? vars.NODE_ENV !== 'test',
    dataDir,
    logLevel: vars.LOG_LEVEL,
    corsOrigins: vars.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: vars.TRUST_PROXY,
    sessionLifetime: {
      standard: {
        idleSeconds: Math.round(vars.SESSION_IDLE_HOURS * 3_600),
        absoluteSeconds: Math.round(vars.SESSION_ABSOLUTE_HOURS * 3_600),
      },
      remembered: {
        idleSeconds: Math.round(vars.SESSION_REMEMBER_IDLE_DAYS * 86_400),
        absoluteSeconds: Math.round(vars.SESSION_REMEMBER_ABSOLUTE_DAYS * 86_400),
      },
    },
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT_MS,
    jobs: {
      heartbeatSeconds: vars.JOB_HEARTBEAT_SECONDS,
      monitorSeconds: vars.JOB_MONITOR_SECONDS,
    },
    socialProviders: {
      google: vars.GOOGLE_CLIENT_ID
        ? { clientId: vars.GOOGLE_CLIENT_ID, jwksUrl: vars.GOOGLE_JWKS_URL }
        : null,
      microsoft: vars.MICROSOFT_CLIENT_ID
        ? { clientId: vars.MICROSOFT_CLIENT_ID, jwksUrl: vars.MICROSOFT_JWKS_URL }
        : null,
    },
    webDistDir: path.resolve(serverRoot, '../web/dist'),
    appVersion: readAppVersion(),
    analysis:
      vars.ANALYSIS_PROVIDER === 'openai' && vars.ANALYSIS_OPENAI_API_KEY
        ? {
            kind: 'openai',
            baseUrl: vars.ANALYSIS_OPENAI_BASE_URL,
            model: vars.ANALYSIS_OPENAI_MODEL,
            apiKey: vars.ANALYSIS_OPENAI_API_KEY,
            timeoutMs: vars.ANALYSIS_OPENAI_TIMEOUT_MS,
          }
        : { kind: 'builtin' },
    crm: {
      encryptionKey: vars.CRM_ENCRYPTION_KEY
        ? Buffer.from(vars.CRM_ENCRYPTION_KEY, 'base64')
        : deriveCrmKey(jwtSecret),
      hubspot: {
        apiUrl: vars.HUBSPOT_API_URL.replace(/\/+$/, ''),
        authorizeUrl: vars.HUBSPOT_AUTHORIZE_URL,
        oauth:
          vars.HUBSPOT_CLIENT_ID && vars.HUBSPOT_CLIENT_SECRET
            ? { clientId: vars.HUBSPOT_CLIENT_ID, clientSecret: vars.HUBSPOT_CLIENT_SECRET }
            : null,
        redirectUrl: `${appUrl}/settings/crm/hubspot/callback`,
        searchResultCap: vars.HUBSPOT_SEARCH_RESULT_CAP,
      },
    },
  }
}

/**
 * Without CRM_ENCRYPTION_KEY the key is derived from the JWT secret (HKDF), so `npm start` needs
 * no setup; rotating the JWT secret then makes stored CRM credentials unreadable (reconnect).
 */
function deriveCrmKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'dealcoach', 'crm-credentials', 32))
}

function withoutEmptyValues(env: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  )
}

/** Embedded mode keeps its signing secret beside the database so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

function readAppVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version: string
  }
  return manifest.version
}
