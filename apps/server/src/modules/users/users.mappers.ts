import type {
  DealOwner,
  DealOwnersResponse,
  MeResponse,
  UsersResponse,
} from '@dealcoach/contracts/users'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import type { User, UserWithOrganisation } from './users.repository.js'

export function toMeResponse(user: UserWithOrganisation): MeResponse {
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

/** A user as the lists show them: names and e-mail in the API's snake_case. */
function toDealOwner(user: User): DealOwner {
  return { id: user.id, first_name: user.firstName, last_name: user.lastName, email: user.email }
}

export function toDealOwnersResponse(page: PageRequest, users: PageOf<User>): DealOwnersResponse {
  return { models: users.rows.map(toDealOwner), pagination: paginationOf(page, users.total) }
}

export function toUsersResponse(page: PageRequest, users: PageOf<User>): UsersResponse {
  return {
    models: users.rows.map((user) => ({ ...toDealOwner(user), role: user.role })),
    pagination: paginationOf(page, users.total),
  }
}
