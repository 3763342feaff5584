import {
  changePasswordBodySchema,
  invitationBodySchema,
  invitationParamsSchema,
  invitationResponseSchema,
  invitationsQuerySchema,
  invitationsResponseSchema,
} from '@dealcoach/contracts/users'
import {
  endedSessionsResponseSchema,
  endSessionsQuerySchema,
  userSessionParamsSchema,
  userSessionsResponseSchema,
} from '@dealcoach/contracts/sessions'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { toInvitationResponse, toInvitationsResponse } from './auth.mappers.js'
import type { PasswordChangeService } from './password-change.service.js'
import type { RegistrationService } from './registration.service.js'
import type { SessionService } from './session.service.js'

/**
 * The /v1/users endpoints that are auth's work: a password, the caller's sessions and an
 * invitation (a pending registration). They live here so that the users module needs nothing
 * from auth.
 */
export const authUsersRoutes: FastifyPluginAsyncZod<{
  auth: {
    passwordChange: PasswordChangeService
    registration: RegistrationService
    sessions: SessionService
  }
}> = async (app, { auth }) => {
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
      await auth.passwordChange.changePassword(requireUser(request), request.body)
      return reply.status(204).send(null)
    },
  )

  app.get(
    '/v1/users/me/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Your signed-in sessions (devices), the current one first',
        security: BEARER_AUTH,
        response: { 200: userSessionsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return { models: await auth.sessions.listSessions(requireUser(request)) }
    },
  )

  app.delete(
    '/v1/users/me/sessions/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Sign out one of your sessions; its tokens stop working at once',
        security: BEARER_AUTH,
        params: userSessionParamsSchema,
        response: { 204: z.null().describe('Session ended'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await auth.sessions.endSession(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.delete(
    '/v1/users/me/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['users'],
        summary: 'Sign out everywhere else (or everywhere with include_current=true)',
        security: BEARER_AUTH,
        querystring: endSessionsQuerySchema,
        response: { 200: endedSessionsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      ended: await auth.sessions.endSessions(requireUser(request), request.query.include_current),
    }),
  )

  app.post(
    '/v1/users/invitations',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Invite someone to your organisation (admins only)',
        description:
          'Answers the same for an address with an account in another organisation (its owner is e-mailed instead); 409 only for a member of your own organisation. An address with a pending invitation here gets that invitation again with a new link and expiry (status renewed); the earlier link stops working.',
        security: BEARER_AUTH,
        body: invitationBodySchema,
        response: { 201: invitationResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const invitation = await auth.registration.invite(requireUser(request), request.body)
      return reply.status(201).send(toInvitationResponse(invitation))
    },
  )

  app.get(
    '/v1/users/invitations',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Your organisation’s pending invitations, newest first (admins only)',
        security: BEARER_AUTH,
        querystring: invitationsQuerySchema,
        response: { 200: invitationsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = { page: request.query.page, pageSize: request.query.page_size }
      return toInvitationsResponse(
        page,
        await auth.registration.pendingInvitations(requireUser(request), page),
      )
    },
  )

  app.delete(
    '/v1/users/invitations/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['users'],
        summary: 'Withdraw a pending invitation; its join link stops working (admins only)',
        security: BEARER_AUTH,
        params: invitationParamsSchema,
        response: {
          204: z.null().describe('Invitation withdrawn'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      await auth.registration.revokeInvitation(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
