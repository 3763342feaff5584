import type {
  ChangePasswordBody,
  DealOwnersResponse,
  InvitationBody,
  InvitationResponse,
  MeResponse,
  UpdateMeBody,
  UsersResponse,
} from '@dealcoach/contracts/users'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client.js'
import { Invalid, invalidField, Unauthenticated } from '../../lib/domain-errors.js'
import type { AuthUser } from '../../lib/caller.js'
import {
  assertNotThrottled,
  recordFailures,
  resetThrottle,
  type ThrottleTarget,
} from '../auth/auth-throttle.service.js'
import { revokeOtherRefreshTokenFamilies } from '../auth/auth.repository.js'
import type { AuthService } from '../auth/auth.service.js'
import { hashPassword, passwordProblem, verifyPassword } from '../auth/password.js'
import {
  findUserWithOrganisation,
  hasTeammatesOrInvitations,
  listOrganisationUsers,
  updateUserPassword,
  updateUserProfile,
  type UserWithOrganisation,
} from './users.repository.js'
import { type PageRequest, paginationOf } from '../../lib/pagination.js'

export interface UsersDeps {
  db: Database
  auth: AuthService
  log: FastifyBaseLogger
}

function toMe(user: UserWithOrganisation): MeResponse {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    language: user.language,
    organisation: { id: user.organisationId, name: user.organisationName },
  }
}

export function createUsersService(deps: UsersDeps) {
  const { db, auth, log } = deps

  /** The caller's own record; a deleted account ends the session. */
  async function loadSelf(caller: AuthUser) {
    const user = await findUserWithOrganisation(db, caller.id, caller.organisationId)
    if (!user) throw new Unauthenticated('unauthorized', 'Your account no longer exists.')
    return user
  }

  async function listUsers(caller: AuthUser, page: PageRequest) {
    const { rows, total } = await listOrganisationUsers(db, caller.organisationId, page)
    return { rows, pagination: paginationOf(page, total) }
  }

  return {
    /** The onboarding checklist's question: a second user, or anyone invited. */
    hasInvitedTeammates(organisationId: string): Promise<boolean> {
      return hasTeammatesOrInvitations(db, organisationId)
    },

    async me(caller: AuthUser): Promise<MeResponse> {
      return toMe(await loadSelf(caller))
    },

    async updateMe(caller: AuthUser, body: UpdateMeBody): Promise<MeResponse> {
      await loadSelf(caller)
      const changes = {
        ...(body.first_name !== undefined && { firstName: body.first_name }),
        ...(body.last_name !== undefined && { lastName: body.last_name }),
        ...(body.language !== undefined && { language: body.language }),
      }
      if (Object.keys(changes).length > 0) {
        await updateUserProfile(db, caller.id, caller.organisationId, changes)
      }
      return toMe(await loadSelf(caller))
    },

    /** ASVS 2.1.5/2.1.6 and 3.3.3: needs the current password; ends every other session. */
    async changePassword(caller: AuthUser, body: ChangePasswordBody): Promise<void> {
      const throttle: ThrottleTarget = { scope: 'passwordChange', subject: caller.id }
      await assertNotThrottled(db, [throttle])
      const user = await loadSelf(caller)
      if (!user.passwordHash) {
        throw new Invalid([], {
          code: 'password_not_set',
          message: 'This account signs in with Google or Microsoft and has no password to change.',
        })
      }
      if (!(await verifyPassword(user.passwordHash, body.current_password))) {
        await recordFailures(db, [throttle])
        throw invalidField(
          'current_password',
          'is not your current password',
          'invalid_credentials',
        )
      }
      await resetThrottle(db, throttle)
      const problem = passwordProblem(body.new_password, { email: user.email })
      if (problem) throw invalidField('new_password', problem, 'weak_password')

      const passwordHash = await hashPassword(body.new_password)
      await db.transaction(async (tx) => {
        await updateUserPassword(tx, user.id, passwordHash)
        await revokeOtherRefreshTokenFamilies(tx, user.id, caller.sessionId)
      })
      log.info({ userId: user.id }, 'password changed; other sessions ended')
    },

    async dealOwners(caller: AuthUser, page: PageRequest): Promise<DealOwnersResponse> {
      const { rows, pagination } = await listUsers(caller, page)
      return { models: rows.map(toPerson), pagination }
    },

    async team(caller: AuthUser, page: PageRequest): Promise<UsersResponse> {
      const { rows, pagination } = await listUsers(caller, page)
      return {
        models: rows.map((user) => ({ ...toPerson(user), role: user.role })),
        pagination,
      }
    },

    async invite(caller: AuthUser, body: InvitationBody): Promise<InvitationResponse> {
      const inviter = await loadSelf(caller)
      const registration = await auth.invite(
        inviter,
        {
          email: body.email,
          firstName: body.first_name,
          lastName: body.last_name,
          role: body.role,
        },
        inviter.organisationName,
      )
      log.info({ userId: caller.id, registrationId: registration.id }, 'invitation sent')
      return {
        status: 'sent',
        email: registration.email,
        role: registration.role,
        expires_at: registration.expiresAt.toISOString(),
      }
    },
  }
}

export type UsersService = ReturnType<typeof createUsersService>

/** A user as the lists show them: names and e-mail in the API's snake_case. */
function toPerson(user: { id: string; firstName: string; lastName: string; email: string }) {
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email }
}
