import type {
  AuthProvidersResponse,
  RegistrationDetailsResponse,
  TokenResponse,
} from '@dealcoach/contracts/auth'
import type {
  InvitationResponse,
  InvitationsResponse,
  PendingInvitation as PendingInvitationJson,
} from '@dealcoach/contracts/users'
import { type PageOf, type PageRequest, paginationOf } from '../../lib/pagination.js'
import type { PendingInvitation } from './auth.repository.js'
import type { Invitation, PendingRegistration } from './registration.service.js'
import type { Session } from './session.service.js'
import type { SocialProviderClientIds } from './social-sign-in.service.js'

/** The body of a sign-in answer; the refresh token goes into a cookie, never the body. */
export function toTokenResponse(session: Session): TokenResponse {
  return {
    access_token: session.accessToken,
    token_type: 'Bearer',
    expires_in: session.expiresIn,
  }
}

export function toRegistrationDetailsResponse(
  registration: PendingRegistration,
): RegistrationDetailsResponse {
  return {
    email: registration.email,
    firstname: registration.firstName,
    lastname: registration.lastName,
    organisation_name: registration.organisationName,
  }
}

export function toAuthProvidersResponse(clientIds: SocialProviderClientIds): AuthProvidersResponse {
  const describe = (clientId: string | null) => (clientId ? { client_id: clientId } : null)
  return { google: describe(clientIds.google), microsoft: describe(clientIds.microsoft) }
}

export function toInvitationResponse(invitation: Invitation): InvitationResponse {
  return {
    status: invitation.renewed ? 'renewed' : 'sent',
    email: invitation.email,
    role: invitation.role,
    expires_at: invitation.expiresAt.toISOString(),
  }
}

function toPendingInvitation(invitation: PendingInvitation): PendingInvitationJson {
  return {
    id: invitation.id,
    email: invitation.email,
    first_name: invitation.firstName,
    last_name: invitation.lastName,
    role: invitation.role,
    invited_by: invitation.inviter && {
      id: invitation.inviter.id,
      first_name: invitation.inviter.firstName,
      last_name: invitation.inviter.lastName,
    },
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  }
}

export function toInvitationsResponse(
  page: PageRequest,
  invitations: PageOf<PendingInvitation>,
): InvitationsResponse {
  return {
    models: invitations.rows.map(toPendingInvitation),
    pagination: paginationOf(page, invitations.total),
  }
}
