import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import { wordTokens } from '../nlp/word-tokens.js'
import { wordsOf } from '../nlp/words.js'

// A sentence as the analysis holds it, made from its normal form alone (also its text): a
// seller's, in the first turn of the first engagement, no stems or entities, unless `fields`
// says otherwise. One builder, so a field the analysis adds is filled in one place.
export function plainSentence(
  norm: string,
  fields: Partial<AnalysedSentence> = {},
): AnalysedSentence {
  const tokens = wordTokens(norm)
  return {
    index: 0,
    engagementIndex: 0,
    turnIndex: 0,
    utteranceIndex: 0,
    paragraphIndex: 0,
    speaker: 'Seller',
    role: 'seller',
    text: norm,
    norm,
    tokens,
    tokenWords: wordsOf(tokens),
    stems: [],
    stemWords: [],
    entityTypes: [],
    isQuestion: false,
    segmented: false,
    ...fields,
  }
}

// The seller's first turn, of these sentences.
export function sellerTurn(sentences: AnalysedSentence[]): AnalysedTurn {
  return {
    turnIndex: 0,
    engagementIndex: 0,
    utteranceIndex: 0,
    speaker: 'Seller',
    role: 'seller',
    text: sentences.map((s) => s.text).join(' '),
    sentences,
  }
}
