import type { AnalysedSentence } from './analysed-sentence.js'

// The stems of a run of sentences as one list, for every buyer turn and the seller turns
// around it. A plain loop (and no copy for a single sentence): on lists this short,
// flatMap's own overhead cost more than the work.
export function stemsOf(sentences: readonly AnalysedSentence[]): readonly string[] {
  if (sentences.length === 1 && sentences[0]) return sentences[0].stems
  const stems: string[] = []
  for (const sentence of sentences) for (const stem of sentence.stems) stems.push(stem)
  return stems
}
