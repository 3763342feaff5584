import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'

// What the detector decides on: a buyer's turn in a call (the eval labels and the product
// both point at utterances), or one sentence of a buyer's e-mail, where one message often
// raises several concerns in turn.
export interface ObjectionUnit {
  turn: AnalysedTurn
  sentences: AnalysedSentence[]
  // The seller's turn right before (a call), which says what a terse answer is about.
  previousSeller: AnalysedTurn | null
  // The seller's turn right after (a call), whose answer names what the worry was about.
  nextSeller: AnalysedTurn | null
  kind: 'turn' | 'sentence'
}

function previousSellerTurn(text: DealText, turn: AnalysedTurn): AnalysedTurn | null {
  for (let i = turn.turnIndex - 1; i >= 0 && i >= turn.turnIndex - 3; i--) {
    const other = text.turns[i]
    if (!other || other.engagementIndex !== turn.engagementIndex) return null
    if (other.role === 'seller') return other
  }
  return null
}

function nextSellerTurn(text: DealText, turn: AnalysedTurn): AnalysedTurn | null {
  const next = text.turns[turn.turnIndex + 1]
  return next?.role === 'seller' && next.engagementIndex === turn.engagementIndex ? next : null
}

// Units last through detection, so they are made by a constructor, never by a literal V8
// would move to the old space (nlp/analyse-engagements.ts says why that costs).
class Unit implements ObjectionUnit {
  constructor(
    readonly turn: AnalysedTurn,
    readonly sentences: AnalysedSentence[],
    readonly previousSeller: AnalysedTurn | null,
    readonly nextSeller: AnalysedTurn | null,
    readonly kind: 'turn' | 'sentence',
  ) {}
}

export function objectionUnits(text: DealText): ObjectionUnit[] {
  const units: ObjectionUnit[] = []
  for (const turn of text.turns) {
    if (turn.role !== 'buyer' || turn.sentences.length === 0) continue
    if (turn.utteranceIndex !== null) {
      units.push(
        new Unit(
          turn,
          turn.sentences,
          previousSellerTurn(text, turn),
          nextSellerTurn(text, turn),
          'turn',
        ),
      )
    } else {
      for (const sentence of turn.sentences) {
        units.push(new Unit(turn, Array.of(sentence), null, null, 'sentence'))
      }
    }
  }
  return units
}
