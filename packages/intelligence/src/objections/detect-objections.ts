import type { DetectedObjection, Engagement } from '@dealcoach/contracts/intelligence'
import { engagementRef } from '../evidence/engagement-ref.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { addVector, type TermVector } from '../nlp/term-vector.js'
import { judgeHandling } from './judge-handling.js'
import type { ObjectionTypeIndex } from './objection-type-index.js'
import { sentenceResistance, type ResistanceScore } from './score-resistance.js'

export const OBJECTION_THRESHOLD = 0.6

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
function adjustForContext(
  text: DealText,
  sentence: AnalysedSentence,
  resistance: ResistanceScore,
): number {
  let score = resistance.score
  const hasCue = (id: string): boolean => resistance.cues.some((c) => c.startsWith(`${id}:`))
  if (hasCue('quality-doubt') && sentence.isQuestion) score += 0.4
  const numbers = numbersIn(sentence.norm).filter(
    (n) => PRICE_LIKE.test(n) || sentence.norm.includes('$'),
  )
  if (numbers.length === 0 || !PRICE_LIKE.test(sentence.norm)) return score
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

interface Resisting {
  sentence: AnalysedSentence
  resistance: ResistanceScore
}

interface Group {
  resisting: Resisting[]
  features: TermVector
  typeId: string
  typeName: string
  similarity: number
}

const CUE_CONCEPT_WEIGHT = 0.5
const SAME_TURN_WEIGHT = 0.4
const SELLER_QUESTION_WEIGHT = 0.2

// The topic of an objection: what the resisting sentences say, then the rest of the turn
// (or e-mail paragraph) and the seller's question before it, which name what a terse answer
// ("Half that.") is about. The concepts of the cues that fired count for less than the words.
function groupFeatures(text: DealText, resisting: readonly Resisting[]): TermVector {
  const features: TermVector = new Map()
  const first = resisting[0]?.sentence
  if (!first) return features
  const own = new Set(resisting.map((r) => r.sentence))
  for (const r of resisting) {
    addVector(features, featuresOfStems(r.sentence.stems), 1)
    addVector(features, featuresOfStems([], r.resistance.concepts), CUE_CONCEPT_WEIGHT)
  }
  const turn = text.turns[first.turnIndex]
  for (const other of turn?.sentences ?? []) {
    if (!own.has(other) && other.paragraphIndex === first.paragraphIndex) {
      addVector(features, featuresOfStems(other.stems), SAME_TURN_WEIGHT)
    }
  }
  const previous = text.turns[first.turnIndex - 1]
  if (previous?.role === 'seller' && previous.engagementIndex === first.engagementIndex) {
    for (const other of previous.sentences) {
      addVector(features, featuresOfStems(other.stems), SELLER_QUESTION_WEIGHT)
    }
  }
  return features
}

function toObjection(
  text: DealText,
  vectors: readonly TermVector[],
  engagements: readonly Engagement[],
  group: Group,
): DetectedObjection | null {
  const best = group.resisting.reduce((a, b) => (b.resistance.score > a.resistance.score ? b : a))
  const engagement = engagements[best.sentence.engagementIndex]
  if (!engagement) return null
  const handling = judgeHandling(text, vectors, best.sentence, group.features)
  const confidence = Math.min(1, 0.35 + best.resistance.score * 0.3 + group.similarity * 0.5)
  return {
    type: group.typeId,
    type_name: group.typeName,
    // The resisting sentences in order, as the buyer said or wrote them.
    quote: group.resisting.map((r) => r.sentence.text).join(' '),
    speaker: best.sentence.speaker,
    role: best.sentence.role,
    engagement: engagementRef(engagement),
    utterance_index: best.sentence.utteranceIndex,
    confidence: Math.round(confidence * 100) / 100,
    handled: handling.handled,
    handling_score: handling.score,
    seller_reply: handling.reply,
    cues: [
      ...group.resisting.flatMap((r) => r.resistance.cues),
      ...handling.reasons.map((r) => `handling: ${r}`),
    ],
  }
}

// Buyer sentences that resist, grouped per turn (a call) or per paragraph (an e-mail, which
// often lists one objection per paragraph), each group classified into the organisation's
// active types and judged handled or not from the seller's reply.
export function detectObjections(
  text: DealText,
  engagements: readonly Engagement[],
  index: ObjectionTypeIndex,
  vectors: readonly TermVector[],
): DetectedObjection[] {
  if (index.profiles.length === 0) return []
  const byKey = new Map<string, Resisting[]>()
  for (const sentence of text.sentences) {
    if (sentence.role !== 'buyer') continue
    const resistance = sentenceResistance(sentence)
    const score = adjustForContext(text, sentence, resistance)
    if (score < OBJECTION_THRESHOLD) continue
    const key = `${sentence.turnIndex}:${sentence.paragraphIndex}`
    const list = byKey.get(key) ?? []
    list.push({ sentence, resistance: { ...resistance, score } })
    byKey.set(key, list)
  }
  const objections: DetectedObjection[] = []
  for (const resisting of byKey.values()) {
    const features = groupFeatures(text, resisting)
    const match = index.classify(features)
    if (!match) continue
    const objection = toObjection(text, vectors, engagements, {
      resisting,
      features,
      typeId: match.type.id,
      typeName: match.type.name,
      similarity: match.similarity,
    })
    if (objection) objections.push(objection)
  }
  return objections
}
