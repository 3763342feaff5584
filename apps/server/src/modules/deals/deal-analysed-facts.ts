import type { DealInsert, DealRow } from './deals.repository.js'

/**
 * The deal's columns that the analysis engine reads (intelligence's confidence/deal-signals.ts):
 * the pipeline and stage decide which actions are current or past and how long the deal has sat
 * in its stage; the status decides whether the open-deal warnings (no activity, stalled, no next
 * step) apply; the close date is when a won or lost deal's calendar stops. Name, account, amount,
 * currency and owner are shown beside the analysis but change none of it, and so do the contacts:
 * who spoke as buyer or seller is stored with each call when it is uploaded or imported.
 */
const ANALYSED_COLUMNS = ['pipelineId', 'stageId', 'status', 'closeDate'] as const
type AnalysedColumn = (typeof ANALYSED_COLUMNS)[number]

/** Whether the update changes a column the analysis reads (setting a value to itself does not). */
export function changesAnalysedColumns(
  deal: Pick<DealRow, AnalysedColumn>,
  changes: Partial<Pick<DealInsert, AnalysedColumn>>,
): boolean {
  return ANALYSED_COLUMNS.some(
    (column) => changes[column] !== undefined && changes[column] !== deal[column],
  )
}
