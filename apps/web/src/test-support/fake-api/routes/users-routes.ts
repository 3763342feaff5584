import {
  changePasswordBodySchema,
  invitationBodySchema,
  invitationResponseSchema,
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
import { answer, errorAnswer, page, route } from '../fake-route'

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
      if (state.me.role !== 'admin') {
        return errorAnswer(403, 'forbidden', 'Only admins can do this.')
      }
      const taken = state.users.some(
        (user) => user.email.toLowerCase() === body.email.toLowerCase(),
      )
      if (taken) {
        return errorAnswer(409, 'account_exists', 'An account with this e-mail address exists.')
      }
      const invitation = {
        status: 'sent' as const,
        email: body.email,
        role: body.role,
        expires_at: new Date(Date.now() + 7 * DAY_MS).toISOString(),
      }
      state.invitations.push(invitation)
      return answer(201, invitation)
    },
  }),
]
