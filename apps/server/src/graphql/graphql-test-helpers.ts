import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { bearer, type SignedIn } from '../test-support/auth-helpers.js'

// The workspace moved to the shared fixtures; graphql-loaders.test.ts still imports it from here.
export { workspace, type Workspace } from '../test-support/assessment-fixtures.js'

export interface GraphQLAnswer<T = Record<string, unknown>> {
  data?: T | null
  errors?: { message: string; path?: string[]; extensions?: Record<string, unknown> }[]
}

/** POSTs one operation to /graphql as `session` (anonymously without one). */
export function postGraphQL(
  app: FastifyInstance,
  session: SignedIn | undefined,
  payload:
    { query: string; variables?: Record<string, unknown>; operationName?: string } | object[],
) {
  return app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { ...(session && bearer(session.accessToken)), 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  })
}

/** Runs one operation and answers its body, expecting HTTP 200. */
export async function graphql<T = Record<string, unknown>>(
  app: FastifyInstance,
  session: SignedIn,
  query: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLAnswer<T>> {
  const response = await postGraphQL(app, session, { query, ...(variables && { variables }) })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<GraphQLAnswer<T>>()
}
