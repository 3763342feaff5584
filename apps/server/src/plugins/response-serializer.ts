import { isDeepStrictEqual } from 'node:util'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'
import { createSerializerCompiler } from 'fastify-type-provider-zod'

type Serializer = FastifySerializerCompiler<unknown>

const zodSerializer = createSerializerCompiler({}) as Serializer

/** What JSON carries of a value: dates as strings, undefined fields left out. */
function asJson(value: unknown): unknown {
  const text = JSON.stringify(value)
  return text === undefined ? undefined : JSON.parse(text)
}

/**
 * Responses in production are the handlers' bodies as JSON, without a pass through their zod
 * schema: encoding a 100-deal page with zod took about 15 % of the API's CPU (ADR 0022).
 */
export const plainSerializerCompiler: Serializer = () => (data) => JSON.stringify(data)

/**
 * Everywhere else (tests, development, the e2e server) each response is encoded by its schema,
 * which fails on a wrong type or a missing field, and must then equal the plain JSON production
 * sends: a field the schema does not declare, or a value it would change, fails here, so the
 * tests prove that skipping zod in production changes nothing a client sees.
 */
export const checkedSerializerCompiler: Serializer = (route) => {
  const encode = zodSerializer(route)
  return (data) => {
    const encoded = encode(data)
    if (!isDeepStrictEqual(JSON.parse(encoded), asJson(data))) {
      throw new Error(
        `${route.method} ${route.url}: the response holds fields or values its schema leaves out or changes, which production would send as they are`,
      )
    }
    return encoded
  }
}
