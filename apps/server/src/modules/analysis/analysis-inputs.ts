import type { Engagement } from '@dealcoach/contracts/intelligence'
import type { Database } from '../../db/client.js'
import type { AnalysisInputs } from './deal-analysis.service.js'

/** An engagement as the engagements service hands it over, with its content. */
export interface StoredEngagement {
  id: string
  type: Engagement['type']
  name: string
  occurredAt: Date
  direction: string | null
  participants: string[]
  body: string
  utterances: NonNullable<Engagement['utterances']>
}

type Reader<Args extends unknown[], Result> = (tx: Database, ...args: Args) => Promise<Result>

/** The other modules' services, as far as the analysis reads them. */
export interface AnalysisSources {
  deals: {
    get: Reader<[organisationId: string, dealId: string], { pipelineId: string }>
    facts: Reader<
      [organisationId: string, dealId: string],
      Awaited<ReturnType<AnalysisInputs['deal']>>['facts']
    >
  }
  engagements: {
    listForAnalysis: Reader<[organisationId: string, dealId: string], StoredEngagement[]>
  }
  pipelines: { forAnalysis: AnalysisInputs['pipeline'] }
  objectionTypes: { forAnalysis: AnalysisInputs['objectionTypes'] }
  objectionFeedback: { forAnalysis: AnalysisInputs['objectionFeedback'] }
  product: { forAnalysis: AnalysisInputs['product'] }
}

/** Joins the engine's inputs from the services that own them (wired in services.ts). */
export function createAnalysisInputs(sources: AnalysisSources): AnalysisInputs {
  return {
    async deal(tx, organisationId, dealId) {
      const { pipelineId } = await sources.deals.get(tx, organisationId, dealId)
      return { pipelineId, facts: await sources.deals.facts(tx, organisationId, dealId) }
    },
    async engagements(tx, organisationId, dealId) {
      const rows = await sources.engagements.listForAnalysis(tx, organisationId, dealId)
      return rows.map(toEngineEngagement)
    },
    pipeline: (tx, organisationId, pipelineId) =>
      sources.pipelines.forAnalysis(tx, organisationId, pipelineId),
    objectionTypes: (tx, organisationId) => sources.objectionTypes.forAnalysis(tx, organisationId),
    objectionFeedback: (tx, organisationId) =>
      sources.objectionFeedback.forAnalysis(tx, organisationId),
    product: (tx, organisationId) => sources.product.forAnalysis(tx, organisationId),
  }
}

function toEngineEngagement(row: StoredEngagement): Engagement {
  const base = {
    id: row.id,
    type: row.type,
    name: row.name,
    occurred_at: row.occurredAt.toISOString(),
  }
  if (row.type === 'email' || row.type === 'note') {
    const direction =
      row.direction === 'inbound' || row.direction === 'outbound' ? row.direction : undefined
    const [from, ...to] = row.participants
    return { ...base, direction, from, to, body: row.body }
  }
  return { ...base, utterances: row.utterances }
}
