import { DEAL_SOLUTION_FIT_SELECTION } from '@dealcoach/contracts/graphql'
import type { SolutionFitJustificationCode } from '@dealcoach/contracts/intelligence'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { graphqlRequest } from '@/lib/graphql-client'

// The deal's solution fit comes from POST /graphql (spec §7). It lives with the deal entity
// because two features read it: the solution-fit panel, and the transcript viewer that highlights
// the evidence it quotes.

export const SOLUTION_FIT_CRITERIA = [
  'problem_pain_identification',
  'quantifiable_business_impact',
  'value_proposition_alignment',
  'strategic_urgency',
] as const
export type SolutionFitCriterion = (typeof SOLUTION_FIT_CRITERIA)[number]

/** Spec §9: a criterion scores 0 to 3, four criteria make at most 12. */
export const MAX_CRITERION_SCORE = 3

export type SolutionFitTier = 1 | 2 | 3 | 4

export interface EvidenceRef {
  engagement: { id: string; name: string; date: string | null; type: string }
  new: boolean
  role: 'seller' | 'buyer' | 'unknown'
  speaker: string
  text: string
}

export interface SolutionFitScoring {
  type: string
  score: number
  /** The engine's English, for a scoring without a code (stored before codes, or the openai provider's). */
  justification: string
  /** What the justification says, for the app to say it in the reader's language. */
  justificationCode?: SolutionFitJustificationCode | null
  evidenceRefs: EvidenceRef[]
}

export interface SolutionFit {
  tier: SolutionFitTier
  scoring: SolutionFitScoring[]
}

export interface DealSolutionFitResponse {
  deal: { id: string; solutionFit: SolutionFit | null } | null
}

export const DEAL_SOLUTION_FIT_QUERY = /* GraphQL */ `
  query DealSolutionFit($id: ID!) {
    deal(id: $id) {
      id
      ${DEAL_SOLUTION_FIT_SELECTION}
    }
  }
`

/**
 * Spec §7/§8: null when the deal has no scoring, and null when the call fails — the failure is
 * logged and the panel shows its pending state rather than an error.
 */
export async function getDealSolutionFit(dealId: string): Promise<SolutionFit | null> {
  try {
    const data = await graphqlRequest<DealSolutionFitResponse>(DEAL_SOLUTION_FIT_QUERY, {
      variables: { id: dealId },
      operationName: 'DealSolutionFit',
    })
    return data.deal?.solutionFit ?? null
  } catch (error) {
    console.warn('The solution fit could not be loaded', error)
    return null
  }
}

export const solutionFitKeys = {
  ofDeal: (dealId: string) => ['solution-fit', dealId] as const,
}

export const solutionFitQueryOptions = (dealId: string) =>
  queryOptions({
    queryKey: solutionFitKeys.ofDeal(dealId),
    queryFn: () => getDealSolutionFit(dealId),
  })

export const useDealSolutionFit = (dealId: string) => useQuery(solutionFitQueryOptions(dealId))

/** Spec §9: the total is the sum of the four criteria's scores, out of 12. */
export const totalScore = (fit: SolutionFit) =>
  fit.scoring.reduce((sum, entry) => sum + entry.score, 0)
