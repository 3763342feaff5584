import type {
  ActionStatusDescriptionCode,
  ActionSummaryCode,
  ExplanationParams,
} from '@dealcoach/contracts/intelligence'

/** What a stored action result's summary and status description say, as codes and values. */
export interface StoredActionExplanations {
  summaryCode: ActionSummaryCode | null
  summaryParams: ExplanationParams | null
  statusDescriptionCode: ActionStatusDescriptionCode | null
  statusDescriptionParams: ExplanationParams | null
}
