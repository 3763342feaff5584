import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { bearer, callAs, signUp, type SignedIn } from '../test-support/auth-helpers.js'
import { createPipeline } from '../test-support/pipeline-fixtures.js'

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

export interface Workspace {
  admin: SignedIn
  pipelineId: string
  stageId: string
}

export async function workspace(app: FastifyInstance): Promise<Workspace> {
  const admin = await signUp(app)
  const pipeline = await createPipeline(app, admin, { name: 'Sales', framework: 'meddic' })
  const [stage] = pipeline.stages
  if (!stage) throw new Error('the framework pipeline has no stage')
  return { admin, pipelineId: pipeline.id, stageId: stage.stage_id }
}

export async function createDeal(
  app: FastifyInstance,
  { admin, pipelineId, stageId }: Workspace,
  name = 'Acme rollout',
): Promise<string> {
  const created = await callAs(app, admin, 'POST', '/v1/deals', {
    pipeline_id: pipelineId,
    stage_id: stageId,
    name,
    amount: 12500.5,
    currency: 'EUR',
    close_date: '2026-12-31',
  })
  expect(created.statusCode, created.body).toBe(201)
  return created.json<{ id: string }>().id
}

const TRANSCRIPT = [
  'Sam Seller: Thanks for joining. What is getting in the way of your team today?',
  'Bea Buyer: Honestly, the price is too high for us. We do not have the budget this year.',
  'Sam Seller: I understand. Our customers usually recover the cost within three months through saved hours, and we can phase the rollout.',
  'Bea Buyer: That could work. We also spend hours every week on manual reporting, which costs us money.',
  'Sam Seller: Next step: I will send a proposal by Friday and we book a call with your finance lead.',
].join('\n')

/** Uploads a discovery call through REST and runs its analysis here (the test app runs no worker). */
export async function analyseTranscript(
  app: FastifyInstance,
  session: SignedIn,
  dealId: string,
): Promise<{ engagementId: string }> {
  const uploaded = await callAs(app, session, 'POST', `/v1/deals/${dealId}/engagements`, {
    type: 'transcript',
    name: 'Discovery call',
    occurred_at: '2026-11-02T10:00:00.000Z',
    text: TRANSCRIPT,
    roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  const body = uploaded.json<{ engagement: { id: string }; analysis: { run_id: string } }>()
  await app.services.dealAnalysis.run(
    { organisationId: session.organisationId, dealId, runId: body.analysis.run_id },
    { finalAttempt: true },
  )
  return { engagementId: body.engagement.id }
}
