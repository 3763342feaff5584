import type { SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { dealAssessments } from '../db/schema/analysis.js'
import { setDealConfidence } from '../modules/deals/deals.repository.js'
import { callAs, signUp, type SignedIn } from './auth-helpers.js'
import { createPipeline } from './pipeline-fixtures.js'

/** A new organisation's admin with a framework pipeline and its first stage. */
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

/** Creates an open deal through REST in the workspace's first stage; answers its id. */
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

/** A discovery call with a price objection, pains and a next step: enough for every result. */
export const TRANSCRIPT = [
  'Sam Seller: Thanks for joining. What is getting in the way of your team today?',
  'Bea Buyer: Honestly, the price is too high for us. We do not have the budget this year.',
  'Sam Seller: I understand. Our customers usually recover the cost within three months through saved hours, and we can phase the rollout.',
  'Bea Buyer: That could work. We also spend hours every week on manual reporting, which costs us money.',
  'Sam Seller: Next step: I will send a proposal by Friday and we book a call with your finance lead.',
].join('\n')

/** Uploads the discovery call to the deal through REST, which queues an analysis run. */
export async function uploadTranscript(app: FastifyInstance, session: SignedIn, dealId: string) {
  const uploaded = await callAs(app, session, 'POST', `/v1/deals/${dealId}/engagements`, {
    type: 'transcript',
    name: 'Discovery call',
    occurred_at: '2026-11-02T10:00:00.000Z',
    text: TRANSCRIPT,
    roles: { 'Sam Seller': 'seller', 'Bea Buyer': 'buyer' },
  })
  expect(uploaded.statusCode, uploaded.body).toBe(201)
  return uploaded.json<{ engagement: { id: string }; analysis: { run_id: string } }>()
}

/** Runs the deal's analysis job here rather than in a worker (the test app runs none). */
export function runAnalysis(
  app: FastifyInstance,
  session: SignedIn,
  dealId: string,
  runId: string,
) {
  return app.services.dealAnalysis.run(
    { organisationId: session.organisationId, dealId, runId },
    { finalAttempt: true },
  )
}

/** Uploads the discovery call and runs its analysis to the end. */
export async function analyseTranscript(
  app: FastifyInstance,
  session: SignedIn,
  dealId: string,
): Promise<{ engagementId: string }> {
  const { engagement, analysis } = await uploadTranscript(app, session, dealId)
  await runAnalysis(app, session, dealId, analysis.run_id)
  return { engagementId: engagement.id }
}

/**
 * Stores a current assessment for each deal without running the engine: tests that need many
 * analysed deals (GraphQL's loaders) would otherwise analyse each one.
 */
export async function insertAssessments(
  app: FastifyInstance,
  organisationId: string,
  assessments: readonly {
    dealId: string
    tier: number
    scoring: SolutionFitScoring[]
    confidence: number
  }[],
): Promise<void> {
  if (assessments.length === 0) return
  await app.db.insert(dealAssessments).values(
    assessments.map((assessment) => ({
      organisationId,
      dealId: assessment.dealId,
      solutionFitTier: assessment.tier,
      solutionFitScoring: assessment.scoring,
      confidence: assessment.confidence,
    })),
  )
  // As the analysis does with each assessment: the deal keeps a copy of its confidence.
  for (const assessment of assessments) {
    await setDealConfidence(app.db, organisationId, assessment.dealId, assessment.confidence)
  }
}
