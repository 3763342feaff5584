import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify'
import fp from 'fastify-plugin'
import { type AuthUser, requireUser } from '../lib/caller.js'
import { HttpError, unauthorized } from '../lib/http-error.js'
import { verifyAccessToken } from '../modules/auth/access-token.js'

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set by `app.authenticate`, null on public routes. */
    user: AuthUser | null
  }
  interface FastifyInstance {
    /**
     * onRequest hook: requires a valid bearer access token and sets `request.user`. It runs before
     * the body is validated, so a caller who may not use a route learns nothing about its input.
     */
    authenticate: onRequestAsyncHookHandler
    /** onRequest hook: requires a signed-in user with this role (403 `forbidden` otherwise). */
    requireRole(role: AuthUser['role']): onRequestAsyncHookHandler
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i

/**
 * Access tokens (DESIGN §5): HS256 JWTs in the Authorization header, honoured while their session
 * is live (ADR 0016).
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null)

    const authenticate: onRequestAsyncHookHandler = async function (request) {
      if (request.user) return
      const header = request.headers.authorization
      const token = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined
      if (!token) throw unauthorized('Sign in to continue.')
      const result = await verifyAccessToken(app.config.jwtSecret, token)
      if (!result.ok) {
        throw unauthorized(
          result.reason === 'expired'
            ? 'The access token has expired.'
            : 'The access token is not valid.',
          'invalid_token',
        )
      }
      const { id, sessionId } = result.user
      if (!(await app.services.auth.liveSessions.isLive(id, sessionId))) {
        throw unauthorized('The session has ended. Sign in again.', 'invalid_token')
      }
      request.user = result.user
    }

    app.decorate('authenticate', authenticate)
    app.decorate('requireRole', (role: AuthUser['role']) => {
      const guard: onRequestAsyncHookHandler = async function (request, reply) {
        await authenticate.call(this, request, reply)
        if (requireUser(request).role !== role) {
          throw new HttpError(403, 'forbidden', `This needs the ${role} role.`)
        }
      }
      return guard
    })
  },
  { name: 'auth', dependencies: ['errors'] },
)
