// Tier from the 0–12 total of the four criteria (spec §4: 1 excellent, 2 strong,
// 3 moderate, 4 weak). 10+ means at least two criteria fully evidenced and none missing;
// under 4 means most criteria have no buyer evidence at all.
export function solutionFitTier(total: number): 1 | 2 | 3 | 4 {
  if (total >= 10) return 1
  if (total >= 7) return 2
  if (total >= 4) return 3
  return 4
}
