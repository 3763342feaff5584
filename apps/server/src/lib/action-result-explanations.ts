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

/**
 * The REST fields of a stored action result's codes and values (the analysis's and the
 * activity's bodies): only those stored, so a result stored before them answers its English alone.
 */
export function actionResultExplanations(row: StoredActionExplanations) {
  return {
    ...(row.summaryCode && { summary_code: row.summaryCode }),
    ...(row.summaryParams && { summary_params: row.summaryParams }),
    ...(row.statusDescriptionCode && { status_description_code: row.statusDescriptionCode }),
    ...(row.statusDescriptionParams && { status_description_params: row.statusDescriptionParams }),
  }
}
