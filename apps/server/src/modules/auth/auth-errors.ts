import { Conflict, Gone, Unauthenticated } from '../../lib/domain-errors.js'

// Errors more than one auth service throws, so each says the same thing wherever it comes from.

export const invalidCredentials = () =>
  new Unauthenticated('invalid_credentials', 'The e-mail address or password is incorrect.')

export const invalidRefreshToken = () =>
  new Unauthenticated('invalid_refresh_token', 'The session has ended. Sign in again.')

/**
 * The token was rotated moments ago by a concurrent refresh (another tab): not theft, and the
 * cookie now holds its successor, so the client may simply refresh again.
 */
export const refreshTokenSuperseded = () =>
  new Unauthenticated(
    'refresh_token_superseded',
    'This session was just renewed by another request. Refresh again.',
  )

/** Past its idle or absolute limit (ADR 0018): the session has been ended. */
export const sessionExpired = () =>
  new Unauthenticated('session_expired', 'The session has expired. Sign in again.')

export const refreshTokenReused = () =>
  new Unauthenticated(
    'refresh_token_reused',
    'This session was used from somewhere else and has been ended. Sign in again.',
  )

export const accountExists = () =>
  new Conflict('account_exists', 'An account with this e-mail address already exists.')

export const joinKeyUsed = () =>
  new Gone('join_key_used', 'This registration link has already been used.')

export const passwordRequiredToLink = () =>
  new Conflict(
    'password_required_to_link',
    'An account with this e-mail address already exists. Enter its password to link this sign-in to it.',
  )

/** The existing account has no password (it signs in with another provider) to prove it with. */
export const linkRequiresOtherSignIn = () =>
  new Conflict(
    'sign_in_to_link',
    'An account with this e-mail address already signs in another way. Sign in that way instead.',
  )
