import type {
  SolutionFitCriterion,
  SolutionFitJustificationCode,
} from '@dealcoach/contracts/intelligence'
import type { Explained } from '../text/explained.js'

// The user-facing reason for a criterion's score, in sales language, written for the score
// the user sees (the trained scorer's where it changed the rules' one). How the score was
// reached — the rules, the trained ladder, evidence counts — stays out of it.

type Texts = readonly [string, string, string, string]

const TEXTS: Readonly<Record<SolutionFitCriterion, Texts>> = {
  problem_pain_identification: [
    'The buyer has not stated a clear problem.',
    'The problem is only hinted at, or stated by the seller.',
    'The buyer states the problem, without much detail.',
    'The buyer describes the problem clearly and specifically.',
  ],
  quantifiable_business_impact: [
    'No business impact stated.',
    'The impact is vague, or put in numbers only by the seller.',
    'The buyer gives some figures, not yet a full picture of the impact.',
    'The buyer puts numbers on the impact.',
  ],
  value_proposition_alignment: [
    'Nothing ties the buyer’s needs to the value propositions.',
    'Alignment is vague, or claimed only by the seller.',
    'The buyer states needs that match the value propositions.',
    'The buyer states needs that match the value propositions and confirms them.',
  ],
  strategic_urgency: [
    'No urgency stated.',
    'Urgency is only hinted at, or asserted by the seller.',
    'The buyer states urgency, without a firm date.',
    'The buyer names a dated deadline or event.',
  ],
}

export interface JustificationFacts {
  score: number
  // Buyer sentences doubting the need or the fit (pain, alignment).
  doubts?: number
  // Buyer sentences putting the purchase off (urgency).
  deferrals?: number
  // No product profile to compare the buyer's needs with (alignment).
  noProduct?: boolean
}

// The code says the same in the reader's language, with the scoring's type and score
// (contracts: solutionFitJustificationCodeSchema).
export function fitJustification(
  criterion: SolutionFitCriterion,
  facts: JustificationFacts,
): Explained<SolutionFitJustificationCode> {
  const score = Math.max(0, Math.min(3, Math.round(facts.score)))
  const said = (code: SolutionFitJustificationCode, text: string) => ({ code, params: {}, text })
  if (criterion === 'value_proposition_alignment' && facts.noProduct && score === 0) {
    return said('no_product', 'No product profile to compare with.')
  }
  const doubts = facts.doubts ?? 0
  const deferrals = facts.deferrals ?? 0
  if (score === 0 && criterion === 'strategic_urgency' && deferrals > 0) {
    return said('buyer_defers', 'The buyer defers the purchase.')
  }
  if (
    score === 0 &&
    doubts > 0 &&
    (criterion === 'problem_pain_identification' || criterion === 'value_proposition_alignment')
  ) {
    return said('buyer_doubts', 'The buyer doubts the need or the fit.')
  }
  const text = TEXTS[criterion][score] as string
  // A reservation is mentioned beside a middling score; at the top of the scale the rest of
  // the conversation outweighed it, and saying otherwise would contradict the score.
  if (score < 3 && score > 0) {
    if (
      doubts > 0 &&
      criterion !== 'strategic_urgency' &&
      criterion !== 'quantifiable_business_impact'
    ) {
      return said('score_doubts', `${text} The buyer also doubts the need or the fit.`)
    }
    if (deferrals > 0 && criterion === 'strategic_urgency') {
      return said('score_defers', `${text} The buyer also puts the purchase off.`)
    }
  }
  return said('score', text)
}
