import {
  authProvidersResponseSchema,
  confirmRegistrationBodySchema,
  emailLoginBodySchema,
  emailRegistrationBodySchema,
  joinKeyParamsSchema,
  REFRESH_COOKIE_NAME,
  registrationDetailsResponseSchema,
  registrationSentResponseSchema,
  socialAuthBodySchema,
  tokenResponseSchema,
} from '@dealcoach/contracts/auth'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/error-responses.js'
import type { AuthService, Session } from './auth.service.js'

const COOKIE_PATH = '/auth'

/** /auth/* and /register/{joinkey}: sign-in, registration and the refresh-token cookie. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  const secureCookie = app.config.appUrl.startsWith('https://')

  function sendSession(reply: FastifyReply, session: Session, statusCode: 200 | 201) {
    void reply
      .setCookie(REFRESH_COOKIE_NAME, session.refreshToken, {
        httpOnly: true,
        secure: secureCookie,
        sameSite: 'lax',
        path: COOKIE_PATH,
        expires: session.refreshExpiresAt,
      })
      .header('cache-control', 'no-store')
      .status(statusCode)
    return {
      access_token: session.accessToken,
      token_type: 'Bearer' as const,
      expires_in: session.expiresIn,
    }
  }

  function clearSessionCookie(reply: FastifyReply) {
    void reply.clearCookie(REFRESH_COOKIE_NAME, {
      httpOnly: true,
      secure: secureCookie,
      sameSite: 'lax',
      path: COOKIE_PATH,
    })
  }

  app.post(
    '/auth/email-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: emailLoginBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) =>
      sendSession(reply, await auth.emailLogin(request.body, request.ip), 200),
  )

  app.post(
    '/auth/email-registration',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a registration link (the same answer whether or not an account exists)',
        body: emailRegistrationBodySchema,
        response: { 202: registrationSentResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await auth.requestRegistration(request.body, request.ip)
      return reply.status(202).send({ status: 'sent' })
    },
  )

  app.get(
    '/register/:joinkey',
    {
      schema: {
        tags: ['auth'],
        summary: 'The e-mail and names of a pending registration',
        params: joinKeyParamsSchema,
        response: { 200: registrationDetailsResponseSchema, ...errorResponses(404, 410) },
      },
      // '/register/' without a key is the web app's sign-up page (the static plugin serves it).
      onRequest: async (request, reply) => {
        const { joinkey } = request.params as { joinkey?: string }
        if (!joinkey) return reply.callNotFound()
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store')
      return auth.registrationDetails(request.params.joinkey)
    },
  )

  app.post(
    '/auth/confirm-email-password-registration',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish a registration with its join key and a password; signs in',
        body: confirmRegistrationBodySchema,
        response: { 201: tokenResponseSchema, ...errorResponses(400, 404, 409, 410) },
      },
    },
    async (request, reply) => sendSession(reply, await auth.confirmRegistration(request.body), 201),
  )

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which social sign-in providers are enabled, with their client ids',
        response: { 200: authProvidersResponseSchema },
      },
    },
    () => auth.providers(),
  )

  app.post(
    '/auth/social-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google or Microsoft ID token',
        body: socialAuthBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => sendSession(reply, await auth.socialLogin(request.body), 200),
  )

  app.post(
    '/auth/social-signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and organisation from a Google or Microsoft ID token',
        body: socialAuthBodySchema,
        response: { 201: tokenResponseSchema, ...errorResponses(400, 401, 409, 503) },
      },
    },
    async (request, reply) => sendSession(reply, await auth.socialSignup(request.body), 201),
  )

  app.get(
    '/auth/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'A new access token from the refresh cookie, which is rotated',
        response: { 200: tokenResponseSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      try {
        return sendSession(reply, await auth.refresh(request.cookies[REFRESH_COOKIE_NAME]), 200)
      } catch (error) {
        clearSessionCookie(reply)
        throw error
      }
    },
  )

  app.get(
    '/auth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the refresh cookie',
        response: { 204: z.null().describe('Signed out') },
      },
    },
    async (request, reply) => {
      await auth.logout(request.cookies[REFRESH_COOKIE_NAME])
      clearSessionCookie(reply)
      return reply.status(204).send(null)
    },
  )
}
