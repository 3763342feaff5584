import {
  authProvidersResponseSchema,
  confirmRegistrationBodySchema,
  emailLoginBodySchema,
  emailRegistrationBodySchema,
  joinKeyParamsSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetSentResponseSchema,
  REFRESH_COOKIE_NAME,
  registrationDetailsResponseSchema,
  registrationSentResponseSchema,
  socialAuthBodySchema,
  tokenResponseSchema,
} from '@dealcoach/contracts/auth'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DomainError } from '../../lib/domain-errors.js'
import { errorResponses } from '../../lib/error-responses.js'
import { HttpError } from '../../lib/http-error.js'
import {
  toAuthProvidersResponse,
  toRegistrationDetailsResponse,
  toTokenResponse,
} from './auth.mappers.js'
import { authUsersRoutes } from './auth-users.routes.js'
import type { LiveSessions } from './live-sessions.js'
import type { PasswordChangeService } from './password-change.service.js'
import type { PasswordResetService } from './password-reset.service.js'
import type { RegistrationService } from './registration.service.js'
import type { Session, SessionClient, SessionService } from './session.service.js'
import type { SocialSignInService } from './social-sign-in.service.js'

const COOKIE_PATH = '/auth'

/**
 * Spec §7 keeps GET for refresh and logout, which browsers send on any navigation with the
 * SameSite=Lax cookie. A cross-site page could thus sign the user out, or make the browser rotate
 * its token; browsers say where a request comes from in Sec-Fetch-Site, so those are refused.
 * Requests without the header (older browsers, other clients) are let through.
 */
async function refuseCrossSite(request: FastifyRequest, reply: FastifyReply) {
  // Set first so that refusals and errors are not cached either.
  void reply.header('cache-control', 'no-store')
  if (request.headers['sec-fetch-site'] === 'cross-site') {
    throw new HttpError(
      403,
      'cross_site_request',
      'This request must come from Dealcoach itself, not from another site.',
    )
  }
}

/** Route options shared by the two cookie-driven GETs; HEAD would rotate or end a session too. */
const cookieNavigationRoute = { exposeHeadRoute: false, onRequest: refuseCrossSite } as const

/** The device and address a token is issued to, for the sessions list. */
const clientOf = (request: FastifyRequest, keepSignedIn?: boolean | null): SessionClient => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
  keepSignedIn,
})

const isSupersededRefresh = (error: unknown) =>
  error instanceof DomainError && error.code === 'refresh_token_superseded'

/** The auth module's services, as services.ts wires them. */
export interface AuthServices {
  sessions: SessionService
  liveSessions: LiveSessions
  registration: RegistrationService
  socialSignIn: SocialSignInService
  passwordChange: PasswordChangeService
  passwordReset: PasswordResetService
}

/**
 * /auth/* and /register/{joinkey}: sign-in, registration and the refresh-token cookie; and the
 * /v1/users endpoints auth answers (password change, invitations).
 */
export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthServices }> = async (app, { auth }) => {
  const { sessions, registration, socialSignIn, passwordReset } = auth
  const secureCookie = app.config.appUrl.startsWith('https://')

  function sendSession(reply: FastifyReply, session: Session, statusCode: 200 | 201) {
    void reply
      .setCookie(REFRESH_COOKIE_NAME, session.refreshToken, {
        httpOnly: true,
        secure: secureCookie,
        sameSite: 'lax',
        path: COOKIE_PATH,
        // Without "keep me signed in" the cookie ends with the browser (and the idle limit).
        ...(session.keepSignedIn ? { expires: session.refreshExpiresAt } : {}),
      })
      .header('cache-control', 'no-store')
      .status(statusCode)
    return toTokenResponse(session)
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
      sendSession(reply, await sessions.emailLogin(request.body, clientOf(request)), 200),
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
      await registration.requestRegistration(request.body, request.ip)
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
      return toRegistrationDetailsResponse(
        await registration.registrationDetails(request.params.joinkey),
      )
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
    async (request, reply) =>
      sendSession(
        reply,
        await registration.confirmRegistration(request.body, clientOf(request)),
        201,
      ),
  )

  app.post(
    '/auth/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password-reset link (the same answer whether or not an account exists)',
        body: passwordResetBodySchema,
        response: { 202: passwordResetSentResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await passwordReset.requestReset(request.body, request.ip)
      return reply.status(202).send({ status: 'sent' })
    },
  )

  app.post(
    '/auth/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed reset link; ends every session',
        body: passwordResetConfirmBodySchema,
        response: {
          204: z.null().describe('Password set; sign in with it'),
          ...errorResponses(400),
        },
      },
    },
    async (request, reply) => {
      await passwordReset.confirmReset(request.body)
      return reply.header('cache-control', 'no-store').status(204).send(null)
    },
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
    () => toAuthProvidersResponse(socialSignIn.providers()),
  )

  app.post(
    '/auth/social-login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google or Microsoft ID token',
        description:
          'An identity not linked yet whose e-mail has an account is linked only with that account’s password: 409 password_required_to_link asks for it (retry with the same token and `password`); 409 sign_in_to_link when the account has no password. Each token signs in once (401 id_token_replayed).',
        body: socialAuthBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 401, 404, 409, 429, 503) },
      },
    },
    async (request, reply) =>
      sendSession(
        reply,
        await socialSignIn.socialLogin(
          request.body,
          clientOf(request, request.body.keep_signed_in),
        ),
        200,
      ),
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
    async (request, reply) =>
      sendSession(
        reply,
        await socialSignIn.socialSignup(
          request.body,
          clientOf(request, request.body.keep_signed_in),
        ),
        201,
      ),
  )

  app.get(
    '/auth/refresh',
    {
      ...cookieNavigationRoute,
      schema: {
        tags: ['auth'],
        summary: 'A new access token from the refresh cookie, which is rotated',
        response: { 200: tokenResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      try {
        const cookie = request.cookies[REFRESH_COOKIE_NAME]
        return sendSession(reply, await sessions.refresh(cookie, clientOf(request)), 200)
      } catch (error) {
        // A refresh that lost the race to another tab must leave the cookie alone: the browser
        // already holds the winner's successor, and clearing it would sign every tab out.
        if (!isSupersededRefresh(error)) clearSessionCookie(reply)
        throw error
      }
    },
  )

  app.get(
    '/auth/logout',
    {
      ...cookieNavigationRoute,
      schema: {
        tags: ['auth'],
        summary: 'Ends the session of the refresh cookie',
        response: { 204: z.null().describe('Signed out'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.cookies[REFRESH_COOKIE_NAME])
      clearSessionCookie(reply)
      return reply.status(204).send(null)
    },
  )

  await app.register(authUsersRoutes, { auth })
}
