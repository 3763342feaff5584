import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { sentenceResistance, type ResistanceScore } from './score-resistance.js'

const NUMBER = /\d[\d,.]*/g

function numbersIn(norm: string): string[] {
  return (norm.match(NUMBER) ?? []).map((n) => n.replace(/[,.]$/, '').replace(/,/g, ''))
}

// The seller's most recent price-like figure in this engagement before the sentence, and
// every figure of their last few turns.
function sellerFigures(
  text: DealText,
  sentence: AnalysedSentence,
): { recent: Set<string>; ask: number | null } {
  const recent = new Set<string>()
  let ask: number | null = null
  for (let i = sentence.turnIndex - 1; i >= 0; i--) {
    // Past the last few turns only the asking figure is still wanted; once found, stop, so a
    // long negotiation is not walked back to its start for every figure the buyer names.
    if (ask !== null && sentence.turnIndex - i > 3) break
    const turn = text.turns[i]
    if (!turn || turn.engagementIndex !== sentence.engagementIndex) break
    if (turn.role !== 'seller') continue
    for (const s of turn.sentences) {
      for (const n of numbersIn(s.norm)) {
        if (sentence.turnIndex - i <= 3) recent.add(n)
        if (ask === null && PRICE_LIKE.test(n)) ask = Number(n)
      }
    }
  }
  return { recent, ask }
}

const TIME_WORDS =
  /\b(?:jan\w*|feb\w*|march|april|may|june|july|aug\w*|sept?\w*|oct\w*|nov\w*|dec\w*|monday|tuesday|wednesday|thursday|friday|saturday|sunday|am|pm|o'clock|minutes?|hours?|days?|weeks?|months?|years?|quarters?)\b/

const PLEDGE = /\b(?:donat\w*|contribut\w*|pledge\w*|give (?!you\b|u\b|ya\b))/

const PRICE_LIKE = /(?:\$\s?\d|\d{2,})/

// Haggling: a buyer naming their own figure resists the asking price; naming the seller's
// latest figure accepts it. A question about the item's condition doubts the seller's word.
export function adjustForContext(
  text: DealText,
  sentence: AnalysedSentence,
  resistance: ResistanceScore,
): number {
  let score = resistance.score
  const hasCue = (id: string): boolean => resistance.cues.some((c) => c.startsWith(`${id}:`))
  if (sentence.isQuestion && hasCue('quality-doubt')) score += 0.4
  // Most sentences name no figure; they are settled before their numbers are listed.
  if (!PRICE_LIKE.test(sentence.norm)) return score
  const numbers = numbersIn(sentence.norm).filter(
    (n) => PRICE_LIKE.test(n) || sentence.norm.includes('$'),
  )
  if (numbers.length === 0) return score
  // "They meet May 19": a date or a duration is not a price.
  const timeOnly = TIME_WORDS.test(sentence.norm) && !sentence.entityTypes.includes('MONEY')
  if (timeOnly) return score
  const proposes = hasCue('offer-figure') || hasCue('counter-offer') || hasCue('haggle')
  // "1790?", "200$", "$11 and you have a deal": little besides the figure itself.
  const bareFigure = sentence.stems.length <= 3
  // A pledge ("I will donate $5", "I can give 50 cents") gives; it does not counter, unlike
  // "I'll give you 90".
  if (PLEDGE.test(sentence.norm) && !hasCue('haggle')) return score
  if (!proposes && !bareFigure) return score
  const { recent, ask } = sellerFigures(text, sentence)
  // Repeating the seller's figure accepts it, unless the buyer also refuses or resists.
  const OFFER_CUES = ['offer-figure', 'counter-offer', 'haggle', 'flat-no']
  const onlyOffers = resistance.cues.every((c) => OFFER_CUES.some((id) => c.startsWith(`${id}:`)))
  if (onlyOffers && numbers.every((n) => recent.has(n))) return Math.min(score, 0.3)
  // Offering at least the asking figure is not resisting it.
  const atOrAbove = ask !== null && numbers.every((n) => Number(n) >= ask)
  if (atOrAbove && !hasCue('haggle')) return score
  return score + 0.6
}

// The cue lexicon's score of a buyer sentence with the haggling context applied: one input
// of the learned detector, and the explanation it cites.
// Kept on the sentence (a sentence belongs to one deal text): detection, citing and typing
// ask for the same sentences.
export function ruleResistance(text: DealText, sentence: AnalysedSentence): ResistanceScore {
  let scored = sentence.resistanceInContext
  if (!scored) {
    const resistance = sentenceResistance(sentence)
    scored = { ...resistance, score: adjustForContext(text, sentence, resistance) }
    sentence.resistanceInContext = scored
  }
  return scored
}
