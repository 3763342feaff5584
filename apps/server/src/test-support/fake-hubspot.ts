import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local HubSpot for tests, answering in HubSpot's documented shapes: CRM v3 pipelines,
 * owners, object search and batch read (with `propertiesWithHistory`), v4 batch associations,
 * account info and the OAuth token endpoint. Each portal has its own data and tokens; faults
 * (429, 401, 500) are queued per path.
 */
export type FakeObjectType = 'deals' | 'contacts' | 'calls' | 'emails' | 'meetings' | 'notes'

export interface FakeRecord {
  id: string
  properties: Record<string, string | null>
  updatedAt: number
  stageHistory: { value: string; timestamp: string }[]
}

export interface FakeStage {
  id: string
  label: string
  displayOrder: number
  metadata: { isClosed: string; probability: string }
}

export interface FakePortal {
  portalId: number
  privateAppToken: string
  pipelines: { id: string; label: string; displayOrder: number; stages: FakeStage[] }[]
  owners: { id: string; email: string; firstName: string; lastName: string }[]
  objects: Record<FakeObjectType, FakeRecord[]>
  /** `from:fromId` → ids of the associated objects, per target type. */
  associations: Map<string, Set<string>>
}

interface Fault {
  status: number
  retryAfter?: string
  /** Matching requests to let through first (fail the third page: skip 2). */
  skip?: number
}

interface OAuthToken {
  portalId: number
  expiresAt: number
}

/** The property HubSpot filters incremental searches on, per object type. */
export const LAST_MODIFIED = (type: FakeObjectType) =>
  type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate'

export interface FakeHubspot {
  url: string
  portals: Map<number, FakePortal>
  /** Every request: method, path and, for POSTs, the parsed body. */
  requests: { method: string; path: string; body: unknown; token: string | null }[]
  /** Results per page the fake answers at most, whatever `limit` asks (exercises paging). */
  pageSize: number
  /**
   * HubSpot's search serves the first 10,000 results of a query; paging past them is a 400.
   * Lower it to exercise a sync that reads beyond the cap.
   */
  searchResultCap: number
  /** Seconds an OAuth access token lives. */
  tokenLifetimeSeconds: number
  /**
   * HubSpot's burst limit: at most `max` API calls per `intervalMs`, told in the
   * X-HubSpot-RateLimit-* headers; a call past it is a 429 without Retry-After. Off when null.
   */
  burst: { max: number; intervalMs: number } | null
  addPortal(portalId: number): FakePortal
  upsert(
    portal: FakePortal,
    type: FakeObjectType,
    id: string,
    properties: Record<string, string | null>,
  ): FakeRecord
  moveDealStage(portal: FakePortal, id: string, stageId: string): void
  associate(
    portal: FakePortal,
    from: FakeObjectType,
    fromId: string,
    to: FakeObjectType,
    toId: string,
  ): void
  /** An OAuth authorisation code HubSpot would redirect back with, for this portal. */
  issueCode(portal: FakePortal): string
  /** Makes every OAuth access token expired, as time passing would. */
  expireAccessTokens(): void
  /** The portal's refresh tokens and private-app token stop working (app uninstalled). */
  revoke(portal: FakePortal): void
  /** The next request to a path starting with `prefix` answers this fault instead. */
  failNext(prefix: string, fault: Fault): void
  close(): Promise<void>
}

/** Port 0 (any free one) unless given: the e2e tests' server is told a fixed address. */
export async function startFakeHubspot(options: { port?: number } = {}): Promise<FakeHubspot> {
  const portals = new Map<number, FakePortal>()
  const accessTokens = new Map<string, OAuthToken>()
  const refreshTokens = new Map<string, number>()
  const codes = new Map<string, number>()
  const revoked = new Set<number>()
  const faults: { prefix: string; fault: Fault }[] = []
  let clock = Date.parse('2026-11-01T00:00:00.000Z')
  let windowStart = 0
  let windowCalls = 0
  let serial = 0
  const tick = () => (clock += 1000)

  const fake: FakeHubspot = {
    url: '',
    portals,
    requests: [],
    pageSize: 100,
    searchResultCap: 10_000,
    tokenLifetimeSeconds: 1800,
    burst: null,

    addPortal(portalId) {
      const portal: FakePortal = {
        portalId,
        privateAppToken: `pat-na1-${portalId}-${++serial}`,
        pipelines: [],
        owners: [],
        objects: { deals: [], contacts: [], calls: [], emails: [], meetings: [], notes: [] },
        associations: new Map(),
      }
      portals.set(portalId, portal)
      return portal
    },

    upsert(portal, type, id, properties) {
      const at = tick()
      let record = portal.objects[type].find((r) => r.id === id)
      if (!record) {
        record = { id, properties: {}, updatedAt: at, stageHistory: [] }
        portal.objects[type].push(record)
      }
      record.properties = {
        ...record.properties,
        ...properties,
        hs_object_id: id,
        [LAST_MODIFIED(type)]: new Date(at).toISOString(),
      }
      record.updatedAt = at
      const stage = properties.dealstage
      if (type === 'deals' && stage && record.stageHistory[0]?.value !== stage) {
        record.stageHistory.unshift({ value: stage, timestamp: new Date(at).toISOString() })
      }
      return record
    },

    moveDealStage(portal, id, stageId) {
      fake.upsert(portal, 'deals', id, { dealstage: stageId })
    },

    associate(portal, from, fromId, to, toId) {
      for (const [a, aId, b, bId] of [
        [from, fromId, to, toId],
        [to, toId, from, fromId],
      ] as const) {
        const key = `${a}:${aId}:${b}`
        const set = portal.associations.get(key) ?? new Set<string>()
        set.add(bId)
        portal.associations.set(key, set)
      }
    },

    issueCode(portal) {
      const code = `code-${portal.portalId}-${++serial}`
      codes.set(code, portal.portalId)
      return code
    },

    expireAccessTokens() {
      for (const token of accessTokens.values()) token.expiresAt = 0
    },

    revoke(portal) {
      revoked.add(portal.portalId)
    },

    failNext(prefix, fault) {
      faults.push({ prefix, fault })
    },

    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function issueTokens(portalId: number) {
    const access = `access-${portalId}-${++serial}`
    const refresh = `refresh-${portalId}-${++serial}`
    accessTokens.set(access, {
      portalId,
      expiresAt: Date.now() + fake.tokenLifetimeSeconds * 1000,
    })
    refreshTokens.set(refresh, portalId)
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: fake.tokenLifetimeSeconds,
      token_type: 'bearer',
    }
  }

  function portalOf(token: string | null): FakePortal | undefined {
    if (!token) return undefined
    const oauth = accessTokens.get(token)
    if (oauth) {
      if (oauth.expiresAt < Date.now() || revoked.has(oauth.portalId)) return undefined
      return portals.get(oauth.portalId)
    }
    for (const portal of portals.values()) {
      if (portal.privateAppToken === token && !revoked.has(portal.portalId)) return portal
    }
    return undefined
  }

  function toHubspot(record: FakeRecord, wanted: string[] | undefined, history: string[]) {
    const properties = wanted
      ? Object.fromEntries(wanted.map((name) => [name, record.properties[name] ?? null]))
      : record.properties
    return {
      id: record.id,
      properties: { ...properties, hs_object_id: record.id },
      ...(history.includes('dealstage')
        ? {
            propertiesWithHistory: {
              dealstage: record.stageHistory.map((entry) => ({
                ...entry,
                sourceType: 'CRM_UI',
              })),
            },
          }
        : {}),
      createdAt: new Date(record.updatedAt).toISOString(),
      updatedAt: new Date(record.updatedAt).toISOString(),
      archived: false,
    }
  }

  function page<T>(items: T[], after: unknown, limit: unknown) {
    const start = typeof after === 'string' && /^\d+$/.test(after) ? Number(after) : 0
    const size = Math.min(typeof limit === 'number' ? limit : 100, fake.pageSize)
    const slice = items.slice(start, start + size)
    const next = start + size < items.length ? String(start + size) : undefined
    return { results: slice, ...(next ? { paging: { next: { after: next, link: '' } } } : {}) }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://fake')
    const path = url.pathname
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const contentType = request.headers['content-type'] ?? ''
    const body: unknown =
      text === ''
        ? undefined
        : contentType.includes('application/json')
          ? JSON.parse(text)
          : Object.fromEntries(new URLSearchParams(text))
    const auth = request.headers.authorization
    const token = auth?.startsWith('Bearer ') ? auth.slice(7) : null
    fake.requests.push({
      method: request.method ?? 'GET',
      path: `${path}${url.search}`,
      body,
      token,
    })

    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers })
      response.end(JSON.stringify(json))
    }
    const faultIndex = faults.findIndex(({ prefix }) => path.startsWith(prefix))
    const pending = faults[faultIndex]?.fault
    if (pending?.skip) pending.skip--
    else if (faultIndex >= 0) {
      const { fault } = faults.splice(faultIndex, 1)[0] as { fault: Fault }
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter }
      return send(
        fault.status,
        {
          status: 'error',
          message:
            fault.status === 429
              ? 'You have reached your secondly limit.'
              : fault.status === 401
                ? 'Authentication credentials not found.'
                : 'internal error',
          errorType: fault.status === 429 ? 'RATE_LIMIT' : undefined,
          category: fault.status === 429 ? 'RATE_LIMITS' : 'INVALID_AUTHENTICATION',
        },
        headers,
      )
    }

    if (path === '/oauth/v1/token' && request.method === 'POST') {
      const form = (body ?? {}) as Record<string, string>
      if (form.client_id !== 'fake-client' || form.client_secret !== 'fake-secret') {
        return send(400, { status: 'BAD_CLIENT_ID', message: 'missing or unknown client' })
      }
      if (form.grant_type === 'authorization_code') {
        const portalId = form.code ? codes.get(form.code) : undefined
        if (portalId === undefined)
          return send(400, { status: 'BAD_AUTH_CODE', message: 'bad code' })
        codes.delete(form.code ?? '')
        return send(200, issueTokens(portalId))
      }
      if (form.grant_type === 'refresh_token') {
        const portalId = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined
        if (portalId === undefined || revoked.has(portalId)) {
          return send(400, {
            status: 'BAD_REFRESH_TOKEN',
            message: 'missing or invalid refresh token',
          })
        }
        const tokens = issueTokens(portalId)
        // HubSpot keeps the refresh token; the fake answers with it as HubSpot does.
        refreshTokens.delete(tokens.refresh_token)
        return send(200, { ...tokens, refresh_token: form.refresh_token })
      }
      return send(400, { status: 'BAD_GRANT_TYPE', message: 'unsupported grant type' })
    }

    if (fake.burst) {
      const now = Date.now()
      if (now - windowStart >= fake.burst.intervalMs) {
        windowStart = now
        windowCalls = 0
      }
      windowCalls++
      if (windowCalls > fake.burst.max) {
        return send(429, {
          status: 'error',
          message: 'You have reached your ten_secondly_rolling limit.',
          errorType: 'RATE_LIMIT',
          policyName: 'TEN_SECONDLY_ROLLING',
        })
      }
      response.setHeader('x-hubspot-ratelimit-max', String(fake.burst.max))
      response.setHeader('x-hubspot-ratelimit-remaining', String(fake.burst.max - windowCalls))
      response.setHeader(
        'x-hubspot-ratelimit-interval-milliseconds',
        String(fake.burst.intervalMs - (now - windowStart)),
      )
    }

    const portal = portalOf(token)
    if (!portal) {
      return send(401, {
        status: 'error',
        message: 'Authentication credentials not found.',
        category: 'INVALID_AUTHENTICATION',
      })
    }

    if (path === '/account-info/v3/details') {
      return send(200, {
        portalId: portal.portalId,
        accountType: 'STANDARD',
        timeZone: 'Europe/London',
        companyCurrency: 'EUR',
        uiDomain: 'app.hubspot.com',
      })
    }
    if (path === '/crm/v3/pipelines/deals') {
      return send(200, {
        results: portal.pipelines.map((pipeline) => ({
          ...pipeline,
          archived: false,
          stages: pipeline.stages.map((stage) => ({ ...stage, archived: false })),
        })),
      })
    }
    if (path === '/crm/v3/owners' || path === '/crm/v3/owners/') {
      const limit = Number(url.searchParams.get('limit') ?? 100)
      return send(
        200,
        page(
          portal.owners.map((owner) => ({ ...owner, archived: false, userId: Number(owner.id) })),
          url.searchParams.get('after') ?? undefined,
          limit,
        ),
      )
    }
    const search = /^\/crm\/v3\/objects\/(\w+)\/search$/.exec(path)
    if (search && request.method === 'POST') {
      const type = search[1] as FakeObjectType
      const records = portal.objects[type]
      if (!records) return send(400, { status: 'error', message: `unknown object type ${type}` })
      const query = (body ?? {}) as {
        filterGroups?: { filters?: { propertyName: string; operator: string; value: string }[] }[]
        properties?: string[]
        limit?: number
        after?: string
      }
      const filters = query.filterGroups?.flatMap((group) => group.filters ?? []) ?? []
      const matching = records
        .filter((record) =>
          filters.every((filter) => {
            if (filter.propertyName !== LAST_MODIFIED(type)) return true
            if (filter.operator === 'GT') return record.updatedAt > Number(filter.value)
            if (filter.operator === 'GTE') return record.updatedAt >= Number(filter.value)
            return true
          }),
        )
        .sort((a, b) => a.updatedAt - b.updatedAt || Number(a.id) - Number(b.id))
      const start = Number(query.after ?? 0)
      if (start + Math.min(query.limit ?? 100, fake.pageSize) > fake.searchResultCap) {
        return send(400, {
          status: 'error',
          category: 'VALIDATION_ERROR',
          message: `Search results are limited to ${fake.searchResultCap}; narrow the query.`,
        })
      }
      const result = page(
        matching.map((record) => toHubspot(record, query.properties, [])),
        query.after,
        query.limit,
      )
      return send(200, { total: matching.length, ...result })
    }
    if (path === '/crm/v3/objects/deals/batch/read' && request.method === 'POST') {
      const query = (body ?? {}) as {
        inputs?: { id: string }[]
        properties?: string[]
        propertiesWithHistory?: string[]
      }
      const results = (query.inputs ?? []).flatMap(({ id }) => {
        const record = portal.objects.deals.find((r) => r.id === id)
        return record
          ? [toHubspot(record, query.properties, query.propertiesWithHistory ?? [])]
          : []
      })
      return send(200, { status: 'COMPLETE', results, startedAt: '', completedAt: '' })
    }
    const associations = /^\/crm\/v4\/associations\/(\w+)\/(\w+)\/batch\/read$/.exec(path)
    if (associations && request.method === 'POST') {
      const [, from, to] = associations
      const inputs = ((body ?? {}) as { inputs?: { id: string }[] }).inputs ?? []
      const results = inputs.flatMap(({ id }) => {
        const targets = portal.associations.get(`${from}:${id}:${to}`)
        if (!targets || targets.size === 0) return []
        return [
          {
            from: { id },
            to: [...targets].map((toId) => ({
              toObjectId: Number(toId),
              associationTypes: [{ category: 'HUBSPOT_DEFINED', typeId: 3, label: null }],
            })),
          },
        ]
      })
      return send(200, { status: 'COMPLETE', results, startedAt: '', completedAt: '' })
    }
    return send(404, { status: 'error', message: `no route ${request.method} ${path}` })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      response.writeHead(500).end()
    })
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server, 'listening')
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
