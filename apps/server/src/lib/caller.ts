import type { FastifyRequest } from 'fastify'
import { unauthorized } from './http-error.js'

/** The signed-in caller of a request, as the access token tells it (DESIGN §5). */
export interface AuthUser {
  id: string
  organisationId: string
  role: 'admin' | 'member'
  firstName: string
  lastName: string
  /** The refresh-token family (session) the access token was issued for. */
  sessionId: string
}

/** The caller of a route guarded by `app.authenticate` or `app.requireRole`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized()
  return request.user
}
