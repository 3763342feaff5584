import {
  dealOwnersQuerySchema,
  dealOwnersResponseSchema,
  meResponseSchema,
  updateMeBodySchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@dealcoach/contracts/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { toDealOwnersResponse, toMeResponse, toUsersResponse } from './users.mappers.js'
import type { UsersService } from './users.service.js'

/**
 * /v1/users: the signed-in user and the team; always within the caller's organisation. The
 * password and invitation endpoints under /v1/users are auth's (auth-users.routes.ts).
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (
  app,
  { users },
) => {
  app.get(
    '/v1/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'The signed-in user and their organisation',
        security: BEARER_AUTH,
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => toMeResponse(await users.me(requireUser(request))),
  )

  app.patch(
    '/v1/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change your names or interface language',
        description:
          'language is one the app has translations for (en, es, de, fr, ar); a regional code is stored as its language (en-gb → en, spec §1); another is a 400 unsupported_language at body.language.',
        security: BEARER_AUTH,
        body: updateMeBodySchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => toMeResponse(await users.updateMe(requireUser(request), request.body)),
  )

  app.get(
    '/v1/users/deal-owners',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'People who can own deals in your organisation',
        security: BEARER_AUTH,
        querystring: dealOwnersQuerySchema,
        response: { 200: dealOwnersResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = { page: request.query.page, pageSize: request.query.per_page }
      return toDealOwnersResponse(page, await users.team(requireUser(request), page))
    },
  )

  app.get(
    '/v1/users',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Your organisation’s members',
        security: BEARER_AUTH,
        querystring: usersQuerySchema,
        response: { 200: usersResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = { page: request.query.page, pageSize: request.query.page_size }
      return toUsersResponse(page, await users.team(requireUser(request), page))
    },
  )
}
