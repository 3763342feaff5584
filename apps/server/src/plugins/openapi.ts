import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'

/** The OpenAPI `security` of a route that needs a bearer access token (DESIGN §5). */
export const BEARER_AUTH = [{ bearerAuth: [] }]

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
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    })
    // The app-wide helmet policy covers Swagger UI: it loads no inline scripts.
    await app.register(swaggerUi, { routePrefix: '/docs' })
    app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger())
  },
  { name: 'openapi' },
)
