import type { DealActivityResponse } from '@dealcoach/contracts/deal-activity'
import type { SolutionFit } from '@/entities/deal/api/solution-fit-api'
import type { DealAnalysis } from '@/entities/deal/api/types'

/**
 * Every sentence the analysis quoted from each engagement: objections, action results (from the
 * analysis and from the deal's activity) and the solution fit's evidence, by engagement id.
 */
export function evidenceQuotes(sources: {
  analysis?: DealAnalysis
  activity?: DealActivityResponse
  solutionFit?: SolutionFit | null
}): Map<string, string[]> {
  const quotes = new Map<string, Set<string>>()
  const add = (engagementId: string | null, text: string) => {
    if (!engagementId || !text.trim()) return
    const set = quotes.get(engagementId) ?? new Set<string>()
    set.add(text)
    quotes.set(engagementId, set)
  }
  for (const objection of sources.analysis?.objections ?? []) {
    add(objection.engagement_id, objection.text)
  }
  for (const result of sources.analysis?.action_results ?? []) {
    for (const item of result.results) add(result.engagement_id, item.result)
  }
  for (const model of sources.activity?.models ?? []) {
    for (const entry of model.activity) {
      for (const action of entry.actions) {
        for (const item of action.results) add(entry.engagement_id, item.result)
      }
    }
  }
  for (const scoring of sources.solutionFit?.scoring ?? []) {
    for (const ref of scoring.evidenceRefs) add(ref.engagement.id, ref.text)
  }
  return new Map([...quotes].map(([id, set]) => [id, [...set]]))
}
