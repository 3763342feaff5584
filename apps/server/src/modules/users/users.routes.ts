import {
  changePasswordBodySchema,
  dealOwnersQuerySchema,
  dealOwnersResponseSchema,
  invitationBodySchema,
  invitationResponseSchema,
  meResponseSchema,
  updateMeBodySchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@dealcoach/contracts/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import type { UsersService } from './users.service.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/** /v1/users: the signed-in user, the team and invitations; always within the caller's organisation. */
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
    (request) => users.me(requireUser(request)),
  )

  app.patch(
    '/v1/users/me',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change your names or interface language',
        security: BEARER_AUTH,
        body: updateMeBodySchema,
        response: { 200: meResponseSchema, ...errorResponses(400, 401) },
      },
    },
    (request) => users.updateMe(requireUser(request), request.body),
  )

  app.post(
    '/v1/users/me/password',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Change your password; ends your other sessions',
        security: BEARER_AUTH,
        body: changePasswordBodySchema,
        response: { 204: z.null().describe('Password changed'), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await users.changePassword(requireUser(request), request.body)
      return reply.status(204).send(null)
    },
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
    (request) =>
      users.dealOwners(requireUser(request), {
        page: request.query.page,
        pageSize: request.query.per_page,
      }),
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
    (request) =>
      users.team(requireUser(request), {
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  )

  app.post(
    '/v1/users/invitations',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Invite someone to your organisation (admins only)',
        security: BEARER_AUTH,
        body: invitationBodySchema,
        response: { 201: invitationResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const result = await users.invite(requireUser(request), request.body)
      return reply.status(201).send(result)
    },
  )
}
