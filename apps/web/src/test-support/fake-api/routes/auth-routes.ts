import {
  authProvidersResponseSchema,
  confirmRegistrationBodySchema,
  emailLoginBodySchema,
  emailRegistrationBodySchema,
  joinKeyParamsSchema,
  passwordResetBodySchema,
  passwordResetConfirmBodySchema,
  passwordResetSentResponseSchema,
  registrationDetailsResponseSchema,
  registrationSentResponseSchema,
  socialAuthBodySchema,
  tokenResponseSchema,
  ACCESS_TOKEN_TTL_SECONDS,
} from '@dealcoach/contracts/auth'
import type { TeamMember } from '@dealcoach/contracts/users'
import { fakeAccessToken } from '../fake-access-token'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, route } from '../fake-route'

/** Signs `user` in: a new access token, and the refresh cookie opens a session again. */
function startSession(state: FakeApiState, user: TeamMember, status: number) {
  const token = fakeAccessToken(user, state.me.organisation.id)
  state.issuedTokens.push(token)
  state.signedIn = true
  return answer(status, {
    access_token: token,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  })
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

const meAsMember = (state: FakeApiState) =>
  state.users.find((user) => user.id === state.me.id) ?? { ...state.me }

const SPENT_KEYS = {
  used: errorAnswer(410, 'join_key_used', 'This registration link has already been used.'),
  expired: errorAnswer(410, 'join_key_expired', 'This registration link has expired.'),
}
const unknownKey = () =>
  errorAnswer(404, 'join_key_not_found', 'This registration link is not valid.')

const resetLinkProblem = (code: string, message: string) =>
  errorAnswer(400, code, `body.token: ${message}`, [{ path: 'body.token', message }])

const SPENT_RESET_LINKS = {
  used: () => resetLinkProblem('reset_link_used', 'has already been used to set a password'),
  expired: () =>
    resetLinkProblem('reset_link_expired', 'has expired; ask for a new password-reset link'),
}

/** A few of the server's common passwords (auth/common-passwords.txt), for its `common` refusal. */
const COMMON_PASSWORDS = new Set(['password1234', 'qwerty123456', '123456789012'])

export const authRoutes = [
  route('POST', '/auth/email-login', {
    body: emailLoginBodySchema,
    answers: { 200: tokenResponseSchema },
    handle: ({ body }, state) => {
      const email = Object.keys(state.passwords).find((known) => sameEmail(known, body.email))
      const user = state.users.find((member) => email && sameEmail(member.email, email))
      if (!email || !user || state.passwords[email] !== body.password) {
        return errorAnswer(
          401,
          'invalid_credentials',
          'The e-mail address or password is incorrect.',
        )
      }
      return startSession(state, user, 200)
    },
  }),
  route('POST', '/auth/email-registration', {
    body: emailRegistrationBodySchema,
    answers: { 202: registrationSentResponseSchema },
    // The same answer whether or not an account exists.
    handle: () => answer(202, { status: 'sent' }),
  }),
  route('GET', '/register/:joinkey', {
    params: joinKeyParamsSchema,
    answers: { 200: registrationDetailsResponseSchema },
    handle: ({ params }, state) => {
      const registration = state.registrations[params.joinkey]
      if (!registration) return unknownKey()
      return typeof registration === 'string' ? SPENT_KEYS[registration] : answer(200, registration)
    },
  }),
  route('POST', '/auth/confirm-email-password-registration', {
    body: confirmRegistrationBodySchema,
    answers: { 201: tokenResponseSchema },
    handle: ({ body }, state) => {
      const registration = state.registrations[body.joinkey]
      if (!registration) return unknownKey()
      if (typeof registration === 'string') return SPENT_KEYS[registration]
      if (!sameEmail(registration.email, body.email)) {
        return errorAnswer(400, 'email_mismatch', 'The e-mail address does not match the link.')
      }
      const user: TeamMember = {
        id: fakeId(),
        email: registration.email,
        first_name: body.firstname ?? registration.firstname,
        last_name: body.lastname ?? registration.lastname,
        role: registration.organisation_name === null ? 'admin' : 'member',
      }
      state.users.push(user)
      state.passwords[user.email] = body.password
      state.registrations[body.joinkey] = 'used'
      return startSession(state, user, 201)
    },
  }),
  route('POST', '/auth/password-reset', {
    body: passwordResetBodySchema,
    answers: { 202: passwordResetSentResponseSchema },
    // The same answer whether or not an account exists; the link itself goes by e-mail.
    handle: () => answer(202, { status: 'sent' }),
  }),
  route('POST', '/auth/password-reset/confirm', {
    body: passwordResetConfirmBodySchema,
    answers: { 204: null },
    handle: ({ body }, state) => {
      const reset = state.passwordResets[body.token]
      if (!reset) {
        return resetLinkProblem('reset_link_invalid', 'is not a valid password-reset link')
      }
      if (typeof reset === 'string') return SPENT_RESET_LINKS[reset]()
      if (COMMON_PASSWORDS.has(body.password.toLowerCase())) {
        const message = 'is one of the most commonly used passwords; choose a less common one'
        return errorAnswer(400, 'weak_password', `body.password: ${message}`, [
          { path: 'body.password', message, code: 'common' },
        ])
      }
      state.passwords[reset.email] = body.password
      state.passwordResets[body.token] = 'used'
      // Every session of the account ends.
      state.signedIn = false
      return answer(204)
    },
  }),
  route('GET', '/auth/providers', {
    answers: { 200: authProvidersResponseSchema },
    handle: (_input, state) => answer(200, state.authProviders),
  }),
  // ID tokens are not checked: a social sign-in signs in the current user, linking the identity
  // to the account only with its password, as the server does.
  route('POST', '/auth/social-login', {
    body: socialAuthBodySchema,
    answers: { 200: tokenResponseSchema },
    handle: ({ body }, state) => {
      if (state.socialLinkPassword !== null) {
        if (body.password === undefined) {
          return errorAnswer(
            409,
            'password_required_to_link',
            'An account with this e-mail address already exists. Enter its password to link this sign-in to it.',
          )
        }
        if (body.password !== state.socialLinkPassword) {
          return errorAnswer(
            401,
            'invalid_credentials',
            'The e-mail address or password is incorrect.',
          )
        }
        state.socialLinkPassword = null
      }
      return startSession(state, meAsMember(state), 200)
    },
  }),
  route('POST', '/auth/social-signup', {
    body: socialAuthBodySchema,
    answers: { 201: tokenResponseSchema },
    handle: (_input, state) => startSession(state, meAsMember(state), 201),
  }),
  route('GET', '/auth/refresh', {
    answers: { 200: tokenResponseSchema },
    handle: (_input, state) =>
      state.signedIn
        ? startSession(state, meAsMember(state), 200)
        : errorAnswer(401, 'invalid_refresh_token', 'The session has ended. Sign in again.'),
  }),
  route('GET', '/auth/logout', {
    answers: { 204: null },
    handle: (_input, state) => {
      state.signedIn = false
      return answer(204)
    },
  }),
]
