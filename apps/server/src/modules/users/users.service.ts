import type { UpdateMeBody } from '@dealcoach/contracts/users'
import type { Database } from '../../db/client.js'
import type { AuthUser } from '../../lib/caller.js'
import { Unauthenticated } from '../../lib/domain-errors.js'
import type { PageOf, PageRequest } from '../../lib/pagination.js'
import {
  findUserWithOrganisation,
  findUsersByIds,
  hasTeammatesOrInvitations,
  listOrganisationPeople,
  listOrganisationUsers,
  updateUserProfile,
  type User,
  type UserProfile,
  type UserWithOrganisation,
} from './users.repository.js'

export interface UsersDeps {
  db: Database
}

/** The signed-in user's profile and their organisation's team (passwords and invitations are auth's). */
export function createUsersService(deps: UsersDeps) {
  const { db } = deps

  /** The caller's own record; a deleted account ends the session. */
  async function loadSelf(caller: AuthUser) {
    const user = await findUserWithOrganisation(db, caller.id, caller.organisationId)
    if (!user) throw new Unauthenticated('unauthorized', 'Your account no longer exists.')
    return user
  }

  return {
    /** The onboarding checklist's question: a second user, or anyone invited. */
    hasInvitedTeammates(organisationId: string): Promise<boolean> {
      return hasTeammatesOrInvitations(db, organisationId)
    },

    /** The organisation's users as people: full name and e-mail (engagements match speakers). */
    async listPeople(
      tx: Database,
      organisationId: string,
    ): Promise<{ name: string; email: string }[]> {
      const rows = await listOrganisationPeople(tx, organisationId)
      return rows.map((row) => ({
        name: `${row.firstName} ${row.lastName}`.trim(),
        email: row.email,
      }))
    },

    /** The caller's organisation's users among `ids`, in no order (GraphQL's owner loader). */
    byIds: (caller: AuthUser, ids: readonly string[]): Promise<UserProfile[]> =>
      findUsersByIds(db, caller.organisationId, ids),

    me: (caller: AuthUser): Promise<UserWithOrganisation> => loadSelf(caller),

    async updateMe(caller: AuthUser, body: UpdateMeBody): Promise<UserWithOrganisation> {
      await loadSelf(caller)
      const changes = {
        ...(body.first_name !== undefined && { firstName: body.first_name }),
        ...(body.last_name !== undefined && { lastName: body.last_name }),
        ...(body.language !== undefined && { language: body.language }),
      }
      if (Object.keys(changes).length > 0) {
        await updateUserProfile(db, caller.id, caller.organisationId, changes)
      }
      return loadSelf(caller)
    },

    /** The caller's organisation's users, by last then first name. */
    team: (caller: AuthUser, page: PageRequest): Promise<PageOf<User>> =>
      listOrganisationUsers(db, caller.organisationId, page),
  }
}

export type UsersService = ReturnType<typeof createUsersService>
