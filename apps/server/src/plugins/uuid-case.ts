import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A body key that holds our ids: `id`, `stage_id`, `deal_ids`; a CRM's own ids keep their case. */
const holdsOurIds = (key: string) =>
  !key.startsWith('remote_') && (key === 'id' || key.endsWith('_id') || key.endsWith('_ids'))

const lowerUuid = (value: string) => (UUID.test(value) ? value.toLowerCase() : value)

/** A query value: one id, or a comma list of them (`stageIds=A,B`). */
function lowerQueryValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lowerQueryValue)
  if (typeof value !== 'string' || !/[A-F]/.test(value)) return value
  return value
    .split(',')
    .map((part) => lowerUuid(part))
    .join(',')
}

/** The ids in a body: under id keys at any depth, and a bare list of ids (a bulk read). */
function lowerBodyIds(value: unknown, underIdKey = false): unknown {
  if (typeof value === 'string') return underIdKey ? lowerUuid(value) : value
  if (Array.isArray(value)) return value.map((entry) => lowerBodyIds(entry, underIdKey))
  if (value === null || typeof value !== 'object') return value
  const record = value as Record<string, unknown>
  for (const [key, entry] of Object.entries(record)) {
    record[key] = lowerBodyIds(entry, holdsOurIds(key))
  }
  return record
}

/**
 * UUIDs are case-insensitive, and PostgreSQL finds `6613BE39-…` as `6613be39-…`; but services
 * compare ids they were sent with ids they read (is this stage the pipeline's?), which would
 * refuse an id in capitals that names the right record. Ids are made lower-case, as stored,
 * before validation, for every route at once.
 */
export const uuidCasePlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const params = request.params as Record<string, unknown> | undefined
      if (params) for (const key of Object.keys(params)) params[key] = lowerQueryValue(params[key])
      const query = request.query as Record<string, unknown> | undefined
      if (query) for (const key of Object.keys(query)) query[key] = lowerQueryValue(query[key])
      const isBareList = Array.isArray(request.body)
      request.body = lowerBodyIds(request.body, isBareList)
    })
  },
  { name: 'uuid-case' },
)
