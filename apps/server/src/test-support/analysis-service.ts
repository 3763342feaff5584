import type { IntelligenceProvider } from '@dealcoach/intelligence/providers/intelligence-provider'
import type { FastifyInstance } from 'fastify'
import { createAnalysisInputs } from '../modules/analysis/analysis-inputs.js'
import { createDealAnalysisService } from '../modules/analysis/deal-analysis.service.js'

/**
 * The app's deal analysis run by another engine: a scripted, failing or forgetful provider, so a
 * test decides what the analysis answers. Built alone, as the worker builds it, without the
 * feedback relinking.
 */
export function analysisServiceWith(app: FastifyInstance, provider: IntelligenceProvider) {
  return createDealAnalysisService({
    db: app.db,
    inputs: createAnalysisInputs(app.services),
    deals: app.services.deals,
    provider,
    engineVersion: '0.0.0',
  })
}
