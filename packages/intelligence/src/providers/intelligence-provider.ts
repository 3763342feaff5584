import type { AnalysisInput, DealAnalysis } from '@dealcoach/contracts/intelligence'

// What the server's analysis jobs call; `builtin` and `openai` both implement it.
export interface IntelligenceProvider {
  readonly name: string
  analyseDeal(input: AnalysisInput): Promise<DealAnalysis>
}
