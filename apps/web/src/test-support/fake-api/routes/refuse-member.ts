import type { FakeApiState } from '../fake-api-state'
import { errorAnswer } from '../fake-route'

/** The server's 403 for a member calling an admin route; undefined for an admin. */
export const refuseMember = (state: FakeApiState) =>
  state.me.role === 'admin'
    ? undefined
    : errorAnswer(403, 'forbidden', 'Only admins of the organisation can do this.')
