import type { FastifyInstance } from 'fastify'
import type { HttpMethod } from './auth-helpers.js'

/**
 * The operations of the app's own OpenAPI document, and sample inputs built from their schemas:
 * suites that must cover "every endpoint" (tenant isolation, fuzzing) read the list from here, so
 * a new route is covered the day it is added.
 */

export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  default?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  additionalProperties?: boolean | JsonSchema
  $ref?: string
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>
  components?: { schemas?: Record<string, JsonSchema> }
}

interface OpenApiOperation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[]
  requestBody?: { content: Record<string, { schema?: JsonSchema }> }
}

export interface Operation {
  method: HttpMethod
  /** The path as the document writes it, e.g. `/v1/deals/{id}`. */
  path: string
  pathParams: string[]
  queryParams: { name: string; schema: JsonSchema }[]
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema
}

export const describeOperation = (operation: Operation) => `${operation.method} ${operation.path}`

export async function openApiDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: 'GET', url: '/openapi.json' })
  if (response.statusCode !== 200) throw new Error(`GET /openapi.json: ${response.statusCode}`)
  return response.json<OpenApiDocument>()
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete'])

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => {
        const parameters = operation.parameters ?? []
        return {
          method: method.toUpperCase() as HttpMethod,
          path,
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: parameters
            .filter((p) => p.in === 'query')
            .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
          body: operation.requestBody?.content['application/json']?.schema,
        }
      }),
  )
}

/** The path with each `{name}` replaced by its value, URL-encoded. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`no value for {${name}} in ${path}`)
    return encodeURIComponent(value)
  })
}

/** Follows a local `$ref` into the document's components. */
export function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema
  const name = schema.$ref.replace('#/components/schemas/', '')
  const target = document.components?.schemas?.[name]
  if (!target) throw new Error(`unresolved ${schema.$ref}`)
  return resolveSchema(document, target)
}

/** Strings the document's patterns accept, one per pattern family it uses. */
const PATTERN_SAMPLES: readonly [RegExp, string][] = [
  [/^\^\[A-Z\]\{3\}\$$/, 'EUR'],
  [/\[a-z\]\{2,3\}/, 'en'],
  [/\\\.json\$$/, 'common.json'],
]

function sampleString(schema: JsonSchema, propertyName: string | undefined, ids: IdLookup) {
  switch (schema.format) {
    case 'uuid':
      return ids(propertyName) ?? '00000000-0000-4000-8000-000000000000'
    case 'email':
      return 'someone@example.com'
    case 'date':
      return '2026-12-31'
    case 'date-time':
      return '2026-11-02T10:00:00.000Z'
  }
  const fromPattern = schema.pattern
    ? PATTERN_SAMPLES.find(([family]) => family.test(schema.pattern ?? ''))?.[1]
    : undefined
  if (fromPattern) return fromPattern
  const text = 'Sample text'
  return text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length)
}

/** The id to put in a property of this name (`stage_id`, `objection_type_id`, …), if any. */
export type IdLookup = (propertyName: string | undefined) => string | undefined

/**
 * A small value the schema accepts: required properties only, the first enum member, the
 * shortest array allowed. Ids come from `ids` by property name, so a body can name real records.
 */
export function sampleOf(
  document: OpenApiDocument,
  raw: JsonSchema,
  ids: IdLookup = () => undefined,
  propertyName?: string,
): unknown {
  const schema = resolveSchema(document, raw)
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  const options = schema.anyOf ?? schema.oneOf
  if (options) {
    const notNull = options.find((option) => resolveSchema(document, option).type !== 'null')
    return sampleOf(document, notNull ?? options[0] ?? {}, ids, propertyName)
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      return sampleString(schema, propertyName, ids)
    case 'integer':
    case 'number':
      return schema.minimum ?? Math.min(1, schema.maximum ?? 1)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        sampleOf(document, schema.items ?? {}, ids, propertyName),
      )
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [
          name,
          sampleOf(document, schema.properties?.[name] ?? {}, ids, name),
        ]),
      )
    default:
      return null
  }
}
