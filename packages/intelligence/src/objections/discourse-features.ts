import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import { WordList, type Word } from '../nlp/words.js'

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
  return focusOf(buyer, seller)
}

function focusOf(buyer: boolean, seller: boolean): Focus {
  if (buyer && seller) return 'both'
  if (buyer) return 'buyer'
  if (seller) return 'seller'
  return 'none'
}

const BUYER_WORD_LIST = new WordList(BUYER_WORDS)
const SELLER_WORD_LIST = new WordList(SELLER_WORDS)

// `speakerFocus` of the sentences' tokens, read as words (nlp/words.ts).
export function sentencesFocus(sentences: readonly AnalysedSentence[]): Focus {
  let buyer = false
  let seller = false
  for (let s = 0; s < sentences.length; s++) {
    const tokens = (sentences[s] as AnalysedSentence).tokenWords
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t] as Word
      if (BUYER_WORD_LIST.has(token)) buyer = true
      else if (SELLER_WORD_LIST.has(token)) seller = true
    }
  }
  return focusOf(buyer, seller)
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
