import { errorBodySchema } from '@dealcoach/contracts/errors'
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createDeal, workspace } from './test-support/assessment-fixtures.js'
import { bearer, type SignedIn } from './test-support/auth-helpers.js'
import { arbitraryOf, parameterValue } from './test-support/openapi-arbitraries.js'
import {
  describeOperation,
  fillPath,
  type OpenApiDocument,
  type Operation,
  openApiDocument,
  operationsOf,
} from './test-support/openapi-operations.js'
import { createTestApp, type TestApp } from './test-support/test-app.js'

/**
 * DESIGN §7: zero 5xx on malformed input to any operation. Every operation of the OpenAPI
 * document gets generated path values, query strings and bodies, as a signed-in admin; each
 * answer must be below 500, and each 4xx must have the error body (GraphQL: its `errors`). Bounded: a fixed number of
 * runs per operation with a fixed seed, so a failure replays.
 */

const RUNS_PER_OPERATION = 12
const SEED = 20261124

/** GraphQL answers its refusals in its own shape: `{ errors: [{ message, extensions }] }`. */
const graphqlErrorsSchema = z.object({
  errors: z.array(z.object({ message: z.string() })).min(1),
})

/** Answers the shape of the problem, or null when the answer is acceptable. */
function problemWith(operation: Operation, statusCode: number, body: string): string | null {
  if (statusCode >= 500) return `${statusCode}: ${body.slice(0, 200)}`
  if (statusCode < 400) return null
  const shape = operation.path === '/graphql' ? graphqlErrorsSchema : errorBodySchema
  try {
    const parsed = shape.safeParse(JSON.parse(body))
    return parsed.success ? null : `${statusCode} without the error shape: ${body.slice(0, 200)}`
  } catch {
    return `${statusCode} that is not JSON: ${body.slice(0, 200)}`
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let test: TestApp
  let app: FastifyInstance
  let document: OpenApiDocument
  let admin: SignedIn
  let dealId: string

  beforeAll(async () => {
    test = await createTestApp({ RUN_WORKERS: 'false' })
    app = test.app
    document = await openApiDocument(app)
    const space = await workspace(app)
    admin = space.admin
    dealId = await createDeal(app, space)
  }, 60_000)

  afterAll(() => test.close())

  /** Path values: mostly generated, sometimes a real deal so the handlers go deeper. */
  const pathValues = (operation: Operation) =>
    fc.record(
      Object.fromEntries(
        operation.pathParams.map((param) => [param, fc.oneof(parameterValue, fc.constant(dealId))]),
      ),
    )

  const queryOf = (operation: Operation) =>
    fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...operation.queryParams.map((p) => p.name), 'x'), fc.string()),
        parameterValue,
      ),
      { maxLength: 4 },
    )

  async function fuzz(operation: Operation): Promise<string[]> {
    const problems: string[] = []
    const body = operation.body ? arbitraryOf(document, operation.body) : fc.constant(undefined)
    await fc
      .assert(
        fc.asyncProperty(
          pathValues(operation),
          queryOf(operation),
          body,
          async (path, query, payload) => {
            const search = new URLSearchParams(query).toString()
            const response = await app.inject({
              method: operation.method,
              url: fillPath(operation.path, path) + (search ? `?${search}` : ''),
              headers: bearer(admin.accessToken),
              ...(payload !== undefined && { payload: payload as object }),
            })
            const problem = problemWith(operation, response.statusCode, response.body)
            if (problem)
              problems.push(`${describeOperation(operation)} ${response.statusCode}: ${problem}`)
            return problem === null
          },
        ),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      )
      .catch(() => undefined)
    return problems
  }

  it('answers no operation with a 5xx, and every 4xx with the error body', async () => {
    const operations = operationsOf(document).filter(
      // Signing out would end the session the other runs use; its input is a cookie alone.
      (operation) => operation.path !== '/auth/logout',
    )
    expect(operations.length).toBeGreaterThan(80)
    const problems: string[] = []
    for (const operation of operations) problems.push(...(await fuzz(operation)))
    expect(problems).toEqual([])
  }, 300_000)
})
