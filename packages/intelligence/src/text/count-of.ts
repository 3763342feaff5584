/** "1 sentence", "4 sentences": the English the engine's explanations are written in. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
