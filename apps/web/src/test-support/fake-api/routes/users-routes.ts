import {
  changePasswordBodySchema,
  invitationBodySchema,
  invitationParamsSchema,
  invitationResponseSchema,
  invitationsQuerySchema,
  invitationsResponseSchema,
  meResponseSchema,
  updateMeBodySchema,
  usersQuerySchema,
  usersResponseSchema,
} from '@dealcoach/contracts/users'
import {
  endedSessionsResponseSchema,
  endSessionsQuerySchema,
  userSessionParamsSchema,
  userSessionsResponseSchema,
} from '@dealcoach/contracts/sessions'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, page, route } from '../fake-route'
import { refuseMember } from './refuse-member'

/** Invitations the fake allows to one address before the server's hourly limit (3). */
const INVITATIONS_PER_ADDRESS = 3

const DAY_MS = 24 * 60 * 60 * 1000

export const usersRoutes = [
  route('GET', '/v1/users/me', {
    answers: { 200: meResponseSchema },
    handle: (_input, state) => answer(200, state.me),
  }),
  route('PATCH', '/v1/users/me', {
    body: updateMeBodySchema,
    answers: { 200: meResponseSchema },
    handle: ({ body }, state) => {
      state.me = { ...state.me, ...body }
      state.users = state.users.map((user) =>
        user.id === state.me.id
          ? { ...user, first_name: state.me.first_name, last_name: state.me.last_name }
          : user,
      )
      return answer(200, state.me)
    },
  }),
  route('POST', '/v1/users/me/password', {
    body: changePasswordBodySchema,
    answers: { 204: null },
    handle: ({ body }, state) => {
      const current = state.passwords[state.me.email]
      if (current !== undefined && current !== body.current_password) {
        return errorAnswer(
          400,
          'invalid_credentials',
          'current_password: is not your current password',
          [{ path: 'current_password', message: 'is not your current password' }],
        )
      }
      if (body.new_password === body.current_password) {
        return errorAnswer(
          400,
          'password_unchanged',
          'new_password: must differ from your current password',
          [{ path: 'body.new_password', message: 'must differ from your current password' }],
        )
      }
      state.passwords[state.me.email] = body.new_password
      return answer(204)
    },
  }),
  route('GET', '/v1/users/me/sessions', {
    answers: { 200: userSessionsResponseSchema },
    handle: (_input, state) =>
      answer(200, {
        models: [...state.sessions].sort((a, b) => Number(b.current) - Number(a.current)),
      }),
  }),
  route('DELETE', '/v1/users/me/sessions/:id', {
    params: userSessionParamsSchema,
    answers: { 204: null },
    handle: ({ params }, state) => {
      if (!state.sessions.some((session) => session.id === params.id)) {
        return errorAnswer(404, 'session_not_found', 'Session not found')
      }
      state.sessions = state.sessions.filter((session) => session.id !== params.id)
      return answer(204)
    },
  }),
  route('DELETE', '/v1/users/me/sessions', {
    query: endSessionsQuerySchema,
    answers: { 200: endedSessionsResponseSchema },
    handle: ({ query }, state) => {
      const kept = query.include_current ? [] : state.sessions.filter((session) => session.current)
      const ended = state.sessions.length - kept.length
      state.sessions = kept
      return answer(200, { ended })
    },
  }),
  route('GET', '/v1/users', {
    query: usersQuerySchema,
    answers: { 200: usersResponseSchema },
    handle: ({ query }, state) => {
      const sorted = [...state.users].sort(
        (a, b) =>
          a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name),
      )
      return answer(200, page(sorted, query.page, query.page_size))
    },
  }),
  route('POST', '/v1/users/invitations', {
    body: invitationBodySchema,
    answers: { 201: invitationResponseSchema },
    handle: ({ body }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      const email = body.email.toLowerCase()
      const sentTo = (state.invitationsSent[email] ?? 0) + 1
      state.invitationsSent[email] = sentTo
      if (sentTo > INVITATIONS_PER_ADDRESS) {
        return errorAnswer(429, 'rate_limited', 'Too many attempts. Try again in 60 minutes.')
      }
      // Only a member of the caller's own organisation is a conflict: an account elsewhere is
      // answered like a sent invitation, as the server does (no enumeration across organisations).
      if (state.users.some((user) => user.email.toLowerCase() === email)) {
        return errorAnswer(409, 'account_exists', 'An account with this e-mail address exists.')
      }
      const expiresAt = new Date(Date.now() + 3 * DAY_MS).toISOString()
      if (state.accountsElsewhere.includes(email)) {
        return answer(201, { status: 'sent', email, role: body.role, expires_at: expiresAt })
      }
      const sent = {
        email,
        first_name: body.first_name,
        last_name: body.last_name,
        role: body.role,
        invited_by: {
          id: state.me.id,
          first_name: state.me.first_name,
          last_name: state.me.last_name,
        },
        expires_at: expiresAt,
      }
      // One pending invitation per address: inviting it again renews that one in place (a new
      // link and expiry, the earlier link dead), as the server does (ADR 0019).
      const pending = state.invitations.find((invitation) => invitation.email === email)
      if (pending) {
        state.invitations = state.invitations.map((invitation) =>
          invitation === pending ? { ...invitation, ...sent } : invitation,
        )
      } else {
        state.invitations.push({ id: fakeId(), created_at: new Date().toISOString(), ...sent })
      }
      return answer(201, {
        status: pending ? 'renewed' : 'sent',
        email,
        role: body.role,
        expires_at: expiresAt,
      })
    },
  }),
  route('GET', '/v1/users/invitations', {
    query: invitationsQuerySchema,
    answers: { 200: invitationsResponseSchema },
    handle: ({ query }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      const newestFirst = [...state.invitations].reverse()
      return answer(200, page(newestFirst, query.page, query.page_size))
    },
  }),
  route('DELETE', '/v1/users/invitations/:id', {
    params: invitationParamsSchema,
    answers: { 204: null },
    handle: ({ params }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      if (!state.invitations.some((invitation) => invitation.id === params.id)) {
        return errorAnswer(404, 'invitation_not_found', 'There is no such pending invitation.')
      }
      state.invitations = state.invitations.filter((invitation) => invitation.id !== params.id)
      return answer(204)
    },
  }),
]
