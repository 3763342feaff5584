import type { ErrorBody } from '@dealcoach/contracts/errors'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { actionResults } from '../db/schema/analysis.js'
import { dealStageHistory, deals } from '../db/schema/deals.js'
import { bearer, type SignedIn } from './auth-helpers.js'

/** An error answer's body (DESIGN §3.5), details with their reason codes and values. */
export type ErrorJson = ErrorBody

/** The sorted detail paths of an error body. */
export const pathsOf = (body: string) =>
  (JSON.parse(body) as ErrorJson).error.details?.map((detail) => detail.path).sort()

/** Creates a pipeline through the API, blank or from a framework. */
export async function createPipeline(
  app: FastifyInstance,
  admin: SignedIn,
  payload: { name: string; framework?: string; active?: boolean },
): Promise<Pipeline> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/pipelines',
    headers: bearer(admin.accessToken),
    payload,
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Pipeline>()
}

export async function getPipeline(
  app: FastifyInstance,
  session: SignedIn,
  id: string,
): Promise<Pipeline> {
  const response = await app.inject({
    method: 'GET',
    url: `/v1/pipelines/${id}`,
    headers: bearer(session.accessToken),
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Pipeline>()
}

/** There is no deals API yet: deals go straight into the database. */
export async function insertDeals(
  app: FastifyInstance,
  pipeline: { organisationId: string; pipelineId: string; stageId: string },
  count: number,
): Promise<string[]> {
  const rows = await app.db
    .insert(deals)
    .values(
      Array.from({ length: count }, (_, index) => ({ ...pipeline, name: `Deal ${index + 1}` })),
    )
    .returning({ id: deals.id })
  return rows.map((row) => row.id)
}

export async function insertStageChange(
  app: FastifyInstance,
  organisationId: string,
  dealId: string,
  fromStageId: string | null,
  toStageId: string,
): Promise<string> {
  const [row] = await app.db
    .insert(dealStageHistory)
    .values({ organisationId, dealId, fromStageId, toStageId, changedAt: new Date() })
    .returning({ id: dealStageHistory.id })
  if (!row) throw new Error('no stage history inserted')
  return row.id
}

export async function insertActionResult(
  app: FastifyInstance,
  organisationId: string,
  dealId: string,
  actionId: string,
): Promise<string> {
  const [row] = await app.db
    .insert(actionResults)
    .values({ organisationId, dealId, actionId, status: 'completed' })
    .returning({ id: actionResults.id })
  if (!row) throw new Error('no action result inserted')
  return row.id
}

/** A stage's id by name; fails the test if the pipeline has no such stage. */
export function stageIdOf(pipeline: Pipeline, name: string): string {
  const stage = pipeline.stages.find((candidate) => candidate.name === name)
  if (!stage) throw new Error(`no stage "${name}" in ${pipeline.name}`)
  return stage.stage_id
}
