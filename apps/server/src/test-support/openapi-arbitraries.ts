import fc from 'fast-check'
import {
  type JsonSchema,
  type OpenApiDocument,
  resolveSchema,
  sampleOf,
} from './openapi-operations.js'

/**
 * fast-check arbitraries from the OpenAPI document's JSON schemas, for fuzzing: mostly values of
 * the right shape with hostile leaves (empty, huge, control characters, wrong types), so the
 * input gets past the first validation often enough to reach the handlers.
 */

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '%', "'; drop table deals; --", '../../etc/passwd', '𝓤'),
  fc.constantFrom('x'.repeat(5000), '2026-02-30', '-1', '1e309', 'null', '{}'),
)

const anyJson = fc.jsonValue({ maxDepth: 2 })

/** Mostly the schema's shape; one value in five of any JSON at all. */
export function arbitraryOf(
  document: OpenApiDocument,
  raw: JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolveSchema(document, raw)
  const shaped = shapedArbitrary(document, schema, depth)
  return fc.oneof({ arbitrary: shaped, weight: 4 }, { arbitrary: anyJson, weight: 1 })
}

function shapedArbitrary(
  document: OpenApiDocument,
  schema: JsonSchema,
  depth: number,
): fc.Arbitrary<unknown> {
  const valid = fc.constant(sampleOf(document, schema))
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString)
  const options = schema.anyOf ?? schema.oneOf
  if (options && options.length > 0) {
    return fc.oneof(...options.map((option) => arbitraryOf(document, option, depth + 1)))
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      return fc.oneof(valid, hostileString)
    case 'integer':
    case 'number':
      return fc.oneof(valid, fc.integer(), fc.double(), fc.constantFrom(-1, 0, 2 ** 53))
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileString)
    case 'array':
      return depth > 3
        ? valid
        : fc.array(arbitraryOf(document, schema.items ?? {}, depth + 1), { maxLength: 4 })
    case 'object': {
      const properties = schema.properties ?? {}
      if (depth > 3 || Object.keys(properties).length === 0) return fc.oneof(valid, anyJson)
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([name, property]) => [
            name,
            arbitraryOf(document, property, depth + 1),
          ]),
        ),
        { requiredKeys: [] },
      )
    }
    default:
      return anyJson
  }
}

/** A path or query value: a real-looking id, a hostile string, or nothing special. */
export const parameterValue = fc.oneof(
  fc.uuid(),
  hostileString.filter((value) => value.length > 0),
  fc.integer().map(String),
)
