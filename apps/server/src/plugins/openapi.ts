import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, FastifySchema } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import type { ZodType } from 'zod'

/** The OpenAPI `security` of a route that needs a bearer access token (DESIGN §5). */
export const BEARER_AUTH = [{ bearerAuth: [] }]

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The body by media type, for the document only, of a route that reads its body itself (a
     * multipart upload, streamed as it arrives): `{ 'multipart/form-data': schema, … }`. Fastify
     * validates no body for such a route; the route checks what it reads.
     */
    requestBodies?: Readonly<Record<string, ZodType>>
  }
}

type SwaggerTransform = typeof jsonSchemaTransform
type TransformInput = Parameters<SwaggerTransform>[0]

/**
 * The zod transform, with a route's `requestBodies` documented as its request body, one schema per
 * media type (`@fastify/swagger` reads a body with `content` so).
 */
function transform(input: TransformInput): ReturnType<SwaggerTransform> {
  const { requestBodies, ...schema }: FastifySchema = input.schema ?? {}
  if (!requestBodies) return jsonSchemaTransform(input)
  const transformed = jsonSchemaTransform({ ...input, schema })
  const content = Object.fromEntries(
    Object.entries(requestBodies).map(([mediaType, body]) => {
      const { schema: withBody } = jsonSchemaTransform({ ...input, schema: { ...schema, body } })
      return [mediaType, { schema: (withBody as { body?: unknown }).body }]
    }),
  )
  return { ...transformed, schema: { ...transformed.schema, body: { content } } }
}

/** The OpenAPI document is generated from the route schemas, never written by hand (DESIGN §3.4). */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Dealcoach API',
          description: 'Sales-coaching and deal-intelligence API.',
          version: app.config.appVersion,
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    })
    // The app-wide helmet policy covers Swagger UI: it loads no inline scripts.
    await app.register(swaggerUi, { routePrefix: '/docs' })
    app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger())
  },
  { name: 'openapi' },
)
