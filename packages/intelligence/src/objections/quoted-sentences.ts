import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { typedSentenceOf } from '../nlp/quote-start.js'

// Words a cited piece of a raw (unpunctuated) run needs to read as a quote on its own.
const MIN_QUOTE_WORDS = 8

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length
}

/**
 * The sentences an objection quotes, in order: the cited ones, where a piece the segmenter cut
 * from a long typed sentence is quoted with the whole sentence (quote-start.ts), and a short
 * piece of call-recorder text with the pieces after (then before) it, so a reader sees "and i
 * do not see how i get the rest approved", not "and i do not see how". Only the quote widens;
 * what was cited still decides the type and handling.
 */
export function quotedSentences(
  text: DealText,
  unitSentences: readonly AnalysedSentence[],
  cited: readonly AnalysedSentence[],
): AnalysedSentence[] {
  const quoted = new Set(cited)
  for (const sentence of cited) {
    if (!sentence.segmented) continue
    const typed = typedSentenceOf(text, sentence)
    if (typed) {
      for (const piece of typed) quoted.add(piece)
      continue
    }
    const at = unitSentences.indexOf(sentence)
    let words = wordCount(sentence.text)
    for (const neighbour of [unitSentences[at + 1], unitSentences[at - 1]]) {
      if (words >= MIN_QUOTE_WORDS) break
      if (!neighbour?.segmented || quoted.has(neighbour)) continue
      quoted.add(neighbour)
      words += wordCount(neighbour.text)
    }
  }
  return [...quoted].sort((a, b) => a.index - b.index)
}
