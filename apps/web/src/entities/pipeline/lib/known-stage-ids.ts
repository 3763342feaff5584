/**
 * The selected stages that are stages of the pipeline shown (`stageIds`), in the order selected.
 * A stage of another pipeline (kept from an older URL or storage, or since removed) would select
 * nothing without saying why, so the dashboard and the deal list drop it rather than send it.
 */
export function knownStageIds(selected: readonly string[], stageIds: readonly string[]): string[] {
  return selected.filter((stage) => stageIds.includes(stage))
}
