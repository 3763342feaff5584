import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'

// Whom a buyer's words are about. A pain statement describes the buyer's own problem ("we
// lose track of…", "our deals slip…") and names only the buyer; resistance is aimed at the
// seller's offer ("your price", "this contract") or names both sides. The detector learns
// the weight of each focus; these words only say which pronoun points where.
const BUYER_WORDS = new Set(['i', 'me', 'my', 'mine', 'we', 'us', 'our', 'ours'])
const SELLER_WORDS = new Set(['you', 'your', 'yours'])

export type Focus = 'buyer' | 'seller' | 'both' | 'none'

export function speakerFocus(tokens: readonly string[]): Focus {
  let buyer = false
  let seller = false
  for (const token of tokens) {
    if (BUYER_WORDS.has(token)) buyer = true
    else if (SELLER_WORDS.has(token)) seller = true
  }
  if (buyer && seller) return 'both'
  if (buyer) return 'buyer'
  if (seller) return 'seller'
  return 'none'
}

// Open questions ask the buyer to describe their situation (discovery); the answer to one
// is usually pain or context, not pushback.
const OPEN_QUESTION_STARTS = new Set([
  'how',
  'what',
  'where',
  'when',
  'who',
  'which',
  'why',
  'tell',
])

export type SellerQuestion = 'open' | 'closed' | 'none'

// What kind of question the seller's turn ended on: open (how/what/… or "tell me"), closed
// (any other question), or none.
export function sellerQuestionKind(
  turn: AnalysedTurn | null,
  tokensOf: (sentence: AnalysedSentence) => readonly string[],
): SellerQuestion {
  const questions = turn?.sentences.filter((s) => s.isQuestion) ?? []
  const last = questions[questions.length - 1]
  if (!last) return 'none'
  const tokens = tokensOf(last)
  // "So how do you…", "And what…": the question word may follow a connective or two.
  for (const token of tokens.slice(0, 3)) if (OPEN_QUESTION_STARTS.has(token)) return 'open'
  return 'closed'
}
