import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('loadConfig', () => {
  const dirs: string[] = []
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dealcoach-config-'))
    dirs.push(dir)
    return dir
  }
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('defaults to port 3000 on embedded PostgreSQL in ./data', async () => {
    const dataDir = await tempDir()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.port).toBe(3000)
    expect(config.appUrl).toBe('http://localhost:3000')
    expect(config.database).toEqual({ kind: 'pglite', dataDir })
    expect(config.runWorkers).toBe(true)
    expect(config.corsOrigins).toEqual([])
  })

  it('asks for at least two database connections: one holds the set-up lock at start', () => {
    const postgres = { DATABASE_URL: 'postgres://127.0.0.1/dealcoach', JWT_SECRET: 'x'.repeat(32) }
    expect(() => loadConfig({ ...postgres, DATABASE_POOL_SIZE: '1' })).toThrow(
      /^DATABASE_POOL_SIZE: must be a whole number from 2 to 200/,
    )
    expect(loadConfig({ ...postgres, DATABASE_POOL_SIZE: '2' }).database).toMatchObject({
      poolSize: 2,
    })
  })

  it('names the variable when PORT is not a number', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^PORT: /)
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/^PORT: must be a whole number/)
  })

  it('hands a dead worker’s jobs back after a 30 s heartbeat, checked every 30 s, unless told otherwise', async () => {
    const dataDir = await tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).jobs).toEqual({
      heartbeatSeconds: 30,
      monitorSeconds: 30,
    })
    expect(
      loadConfig({ DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '10', JOB_MONITOR_SECONDS: '1' }).jobs,
    ).toEqual({ heartbeatSeconds: 10, monitorSeconds: 1 })
    // pg-boss refuses a heartbeat under 10 s.
    expect(() => loadConfig({ DATA_DIR: dataDir, JOB_HEARTBEAT_SECONDS: '5' })).toThrow(
      /^JOB_HEARTBEAT_SECONDS: must be a whole number of seconds from 10 to 3600/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, JOB_MONITOR_SECONDS: '0.5' })).toThrow(
      /^JOB_MONITOR_SECONDS: /,
    )
  })

  it('names the variable when DATABASE_URL is not a PostgreSQL URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/x' })).toThrow(
      /^DATABASE_URL: must start with postgres/,
    )
  })

  it('requires JWT_SECRET alongside DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /^JWT_SECRET: is required/,
    )
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'short' }),
    ).toThrow(/^JWT_SECRET: must be at least 32 characters/)
  })

  it('analyses with the builtin engine unless openai is chosen, which needs an API key', async () => {
    const dataDir = await tempDir()
    expect(loadConfig({ DATA_DIR: dataDir }).analysis).toEqual({ kind: 'builtin' })
    expect(() => loadConfig({ DATA_DIR: dataDir, ANALYSIS_PROVIDER: 'openai' })).toThrow(
      /^ANALYSIS_OPENAI_API_KEY: is required when ANALYSIS_PROVIDER is openai/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, ANALYSIS_PROVIDER: 'gpt' })).toThrow(
      /^ANALYSIS_PROVIDER: /,
    )
    const openai = loadConfig({
      DATA_DIR: dataDir,
      ANALYSIS_PROVIDER: 'openai',
      ANALYSIS_OPENAI_API_KEY: 'sk-test',
      ANALYSIS_OPENAI_MODEL: 'local-model',
      ANALYSIS_OPENAI_BASE_URL: 'http://localhost:11434/v1',
      ANALYSIS_OPENAI_TIMEOUT_MS: '120000',
    })
    expect(openai.analysis).toEqual({
      kind: 'openai',
      baseUrl: 'http://localhost:11434/v1',
      model: 'local-model',
      apiKey: 'sk-test',
      timeoutMs: 120_000,
    })
    expect(() =>
      loadConfig({
        DATA_DIR: dataDir,
        ANALYSIS_PROVIDER: 'openai',
        ANALYSIS_OPENAI_API_KEY: 'sk-test',
        ANALYSIS_OPENAI_TIMEOUT_MS: '10',
      }),
    ).toThrow(/^ANALYSIS_OPENAI_TIMEOUT_MS: /)
  })

  it('reads booleans, lists and treats empty values as unset', async () => {
    const config = loadConfig({
      DATA_DIR: await tempDir(),
      RUN_WORKERS: 'false',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      PORT: '',
    })
    expect(config.runWorkers).toBe(false)
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example'])
    expect(config.port).toBe(3000)
    expect(() => loadConfig({ RUN_WORKERS: 'maybe' })).toThrow(/^RUN_WORKERS: /)
  })

  it('reads TRUST_PROXY as a hop count or a list of proxies, `true` being one hop', async () => {
    const dataDir = await tempDir()
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy
    expect(trustProxy()).toBe(false)
    expect(trustProxy('false')).toBe(false)
    expect(trustProxy('0')).toBe(false)
    expect(trustProxy('true')).toBe(1)
    expect(trustProxy('1')).toBe(1)
    expect(trustProxy('2')).toBe(2)
    expect(trustProxy('10.0.0.0/8, 192.168.1.4,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.4',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['maybe', '10.0.0.0/33', '300.1.1.1', '10.0.0.1, evil.example', '99', '-1']) {
      expect(() => trustProxy(bad), bad).toThrow(/^TRUST_PROXY: must be false, true \(one hop\)/)
    }
  })

  it('keeps the embedded JWT secret in the data directory across starts', async () => {
    const dataDir = await tempDir()
    const first = loadConfig({ DATA_DIR: dataDir })
    const second = loadConfig({ DATA_DIR: dataDir })
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32)
    expect(second.jwtSecret).toBe(first.jwtSecret)
    expect((await readFile(path.join(dataDir, 'jwt-secret'), 'utf8')).trim()).toBe(first.jwtSecret)
  })

  it('enables a social provider only when its client id is set', async () => {
    const dataDir = await tempDir()
    const none = loadConfig({ DATA_DIR: dataDir })
    expect(none.socialProviders).toEqual({ google: null, microsoft: null })

    const both = loadConfig({
      DATA_DIR: dataDir,
      GOOGLE_CLIENT_ID: 'google-client',
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_JWKS_URL: 'http://127.0.0.1:9999/keys',
    })
    expect(both.socialProviders).toEqual({
      google: { clientId: 'google-client', jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs' },
      microsoft: { clientId: 'microsoft-client', jwksUrl: 'http://127.0.0.1:9999/keys' },
    })
    expect(() => loadConfig({ DATA_DIR: dataDir, GOOGLE_JWKS_URL: 'not a url' })).toThrow(
      /^GOOGLE_JWKS_URL: /,
    )
  })

  it('links HubSpot by private-app token unless OAuth is configured, and keys CRM secrets', async () => {
    const dataDir = await tempDir()
    const plain = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32) })
    expect(plain.crm.hubspot).toEqual({
      apiUrl: 'https://api.hubapi.com',
      authorizeUrl: 'https://app.hubspot.com/oauth/authorize',
      oauth: null,
      redirectUrl: 'http://localhost:3000/settings/crm/hubspot/callback',
      searchResultCap: 10_000,
    })
    // Derived from the JWT secret: stable across starts, different for another secret.
    expect(plain.crm.encryptionKey).toHaveLength(32)
    const again = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(32) })
    expect(again.crm.encryptionKey.equals(plain.crm.encryptionKey)).toBe(true)
    const other = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(32) })
    expect(other.crm.encryptionKey.equals(plain.crm.encryptionKey)).toBe(false)

    const key = Buffer.alloc(32, 7)
    const oauth = loadConfig({
      DATA_DIR: dataDir,
      HUBSPOT_CLIENT_ID: 'client',
      HUBSPOT_CLIENT_SECRET: 'secret',
      HUBSPOT_API_URL: 'http://127.0.0.1:9999/',
      CRM_ENCRYPTION_KEY: key.toString('base64'),
    })
    expect(oauth.crm.hubspot.oauth).toEqual({ clientId: 'client', clientSecret: 'secret' })
    expect(oauth.crm.hubspot.apiUrl).toBe('http://127.0.0.1:9999')
    expect(oauth.crm.encryptionKey.equals(key)).toBe(true)

    expect(() => loadConfig({ DATA_DIR: dataDir, HUBSPOT_CLIENT_ID: 'client' })).toThrow(
      /^HUBSPOT_CLIENT_SECRET: is required/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, CRM_ENCRYPTION_KEY: 'c2hvcnQ=' })).toThrow(
      /^CRM_ENCRYPTION_KEY: must be 32 bytes/,
    )
    expect(() => loadConfig({ DATA_DIR: dataDir, HUBSPOT_API_URL: 'nope' })).toThrow(
      /^HUBSPOT_API_URL: /,
    )
    // HubSpot never answers more than 10,000 results a search; a larger cap would page into 400s.
    expect(
      loadConfig({ DATA_DIR: dataDir, HUBSPOT_SEARCH_RESULT_CAP: '250' }).crm.hubspot,
    ).toMatchObject({ searchResultCap: 250 })
    expect(() => loadConfig({ DATA_DIR: dataDir, HUBSPOT_SEARCH_RESULT_CAP: '20000' })).toThrow(
      /^HUBSPOT_SEARCH_RESULT_CAP: /,
    )
  })
})
