import type { SolutionFitScoring } from '@dealcoach/contracts/intelligence'
import type { FastifyInstance } from 'fastify'
import { dealAssessments } from '../db/schema/analysis.js'

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
}
