import type {
  Engagement,
  EvidenceRef,
  ProductProfile,
  SolutionFit,
  SolutionFitCriterion,
  SolutionFitScoring,
  SpeakerRole,
} from '@dealcoach/contracts/intelligence'
import { engagementRef } from '../evidence/engagement-ref.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { featuresOfStems } from '../nlp/sentence-features.js'
import { stemText } from '../nlp/stem-text.js'
import { scanGroup, sentenceScan } from '../nlp/sentence-scan.js'
import { normalised, type TermVector } from '../nlp/term-vector.js'
import { buildVectorIndex, type VectorIndex } from '../nlp/vector-index.js'
import { RULE_RESISTANCE_THRESHOLD, sentenceResistance } from '../objections/score-resistance.js'
import { dealStageTags } from '../actions/deal-stage.js'
import type { ObjectionModel } from '../model/objection-model.js'
import { fitFeatures, learnedFitScore } from './fit-features.js'
import { solutionFitTier } from './solution-fit-tier.js'
import { oncePerObject } from '../text/once-per-object.js'
import {
  DEFERRAL,
  IMPACT_UNIT,
  MONTH_OR_DATE,
  NEED_DOUBT,
  PAIN,
  POSITIVE,
  QUANTITY_ENTITY,
  URGENCY,
} from './fit-patterns.js'
import { fitQuotes, type FitQuoteContext } from './fit-quotes.js'
import { fitJustification } from './fit-justification.js'
import { sentenceQuote } from '../nlp/quote-start.js'

// The patterns every sentence of a deal is tried against. One prefilter pass over each
// sentence (nlp/pattern-prefilter.ts) rules most of them out before any of them runs; the
// sentences that match are the same.
const SCANNED: readonly RegExp[] = [PAIN, URGENCY, POSITIVE, NEED_DOUBT, DEFERRAL]
const FIT_SCAN = scanGroup(SCANNED)
// Per sentence of the deal, which scanned patterns might match (SCANNED.length flags each).
const mightMatch = oncePerObject((text: DealText) => {
  const flags = new Uint8Array(text.sentences.length * SCANNED.length)
  text.sentences.forEach((s, i) => {
    const scan = sentenceScan(s)
    for (let k = 0; k < SCANNED.length; k++) {
      if (FIT_SCAN.mightMatch(scan, k)) flags[i * SCANNED.length + k] = 1
    }
  })
  return flags
})

// The sentences of one role that match one of the scanned patterns, in order.
function matching(text: DealText, role: SpeakerRole, pattern: RegExp): AnalysedSentence[] {
  const k = SCANNED.indexOf(pattern)
  const flags = mightMatch(text)
  return text.sentences.filter(
    (s, i) => s.role === role && flags[i * SCANNED.length + k] === 1 && pattern.test(s.norm),
  )
}

// The largest score, by a loop: spreading a typed array into Math.max walked an iterator
// per sentence of the deal.
function bestScore(scores: Float64Array): number {
  let best = -Infinity
  for (let i = 0; i < scores.length; i++)
    if ((scores[i] as number) > best) best = scores[i] as number
  return best
}

interface Scored {
  score: number
  // The rules' own reason for their score: for tests and debugging. Users read
  // fitJustification's text, written for the final score.
  justification: string
  evidence: AnalysedSentence[]
  // Sentences the trained scorer reads beyond the rules' evidence, cited when it scores a
  // criterion the rules found nothing for.
  learnedEvidence?: AnalysedSentence[]
  // What the user-facing text mentions beside the score: buyer doubts (pain, alignment) and
  // deferrals (urgency) the rules weighed, and no product profile to compare with.
  doubts?: number
  deferrals?: number
  noProduct?: boolean
}

// Whether a criterion has anything for the trained scorer to weigh; without it the rules' 0
// stands, by the scale's definition.
export function hasFitEvidence(scored: Scored): boolean {
  return scored.evidence.length > 0 || (scored.learnedEvidence?.length ?? 0) > 0
}

// How much evidence of each kind the rules found: what the learned scorer reads.
type Signals = Record<string, number>

function lastEngagementIndex(text: DealText): number {
  return text.sentences.reduce((max, s) => Math.max(max, s.engagementIndex), -1)
}

function ref(
  text: DealText,
  engagements: readonly Engagement[],
  latest: number,
  s: AnalysedSentence,
): EvidenceRef | null {
  const engagement = engagements[s.engagementIndex]
  if (!engagement) return null
  return {
    engagement: engagementRef(engagement),
    new: s.engagementIndex === latest,
    role: s.role,
    speaker: s.speaker,
    text: sentenceQuote(text, s),
  }
}

function quantified(s: AnalysedSentence): boolean {
  return s.entityTypes.some((t) => QUANTITY_ENTITY.has(t)) && IMPACT_UNIT.test(s.norm)
}

function scorePain(text: DealText, signals: Signals): Scored {
  const buyer = matching(text, 'buyer', PAIN)
  const seller = matching(text, 'seller', PAIN)
  signals.buyerPain = buyer.length
  signals.sellerPain = seller.length
  if (buyer.length >= 4) {
    return {
      score: 3,
      justification: `The buyer describes the problem clearly and specifically (${buyer.length} statements).`,
      evidence: buyer,
    }
  }
  if (buyer.length >= 2)
    return {
      score: 2,
      justification: 'The buyer states the problem, without much detail.',
      evidence: buyer,
    }
  if (buyer.length === 1 || seller.length > 0) {
    return {
      score: 1,
      justification: 'The problem is only hinted at, or stated by the seller.',
      evidence: [...buyer, ...seller],
    }
  }
  return { score: 0, justification: 'No pain stated.', evidence: [] }
}

// A buyer quoting our price back while resisting it is not stating the problem's impact.
function aboutTheProblem(s: AnalysedSentence): boolean {
  return sentenceResistance(s).score < RULE_RESISTANCE_THRESHOLD
}

function scoreImpact(text: DealText, signals: Signals): Scored {
  const buyerQuantified = text.sentences.filter(
    (s) =>
      s.role === 'buyer' &&
      quantified(s) &&
      aboutTheProblem(s) &&
      (PAIN.test(s.norm) || /\b(?:cost|save|spend|pay|lose|hours|days)\b/.test(s.norm)),
  )
  const buyerImpact = text.sentences.filter(
    (s) => s.role === 'buyer' && quantified(s) && aboutTheProblem(s),
  )
  const sellerQuantified = text.sentences.filter(
    (s) => s.role === 'seller' && quantified(s) && PAIN.test(s.norm),
  )
  signals.buyerQuantifiedPain = buyerQuantified.length
  signals.buyerQuantified = buyerImpact.length
  signals.sellerQuantified = sellerQuantified.length
  if (buyerQuantified.length >= 2) {
    return {
      score: 3,
      justification: 'The buyer puts numbers on the impact.',
      evidence: buyerQuantified,
    }
  }
  if (buyerQuantified.length === 1 || buyerImpact.length >= 3) {
    return {
      score: 2,
      justification: 'The buyer gives some figures, not a full picture of the impact.',
      evidence: buyerQuantified.length > 0 ? buyerQuantified : buyerImpact,
    }
  }
  if (buyerImpact.length > 0 || sellerQuantified.length > 0) {
    return {
      score: 1,
      justification: 'Impact is vague, or quantified only by the seller.',
      evidence: [...buyerImpact, ...sellerQuantified],
    }
  }
  return { score: 0, justification: 'No business impact stated.', evidence: [] }
}

// The product's own words: one vector per value proposition, differentiator and description
// (for alignment), and all their stems (for choosing the quotes).
interface ProductTerms {
  index: VectorIndex | null
  stems: ReadonlySet<string>
}

const productCache = new Map<string, ProductTerms>()
const PRODUCT_CACHE_LIMIT = 256

// The product profile changes rarely, so its terms are built once per distinct profile.
function productTerms(product: ProductProfile): ProductTerms {
  const texts = [...product.value_propositions, ...product.differentiators]
  if (product.description) texts.push(product.description)
  const key = JSON.stringify(texts)
  let terms = productCache.get(key)
  if (terms === undefined) {
    const stems = texts.map((t) => stemText(t))
    terms = {
      index:
        texts.length === 0
          ? null
          : buildVectorIndex(stems.map((t) => normalised(featuresOfStems(t)))),
      stems: new Set(stems.flat()),
    }
    if (productCache.size >= PRODUCT_CACHE_LIMIT) productCache.clear()
    productCache.set(key, terms)
  }
  return terms
}

// The stems of the product's name, kept per name as its terms are: stemming reads the name
// with wink, half a percent of an analysis when it was done for every deal.
const nameStemsCache = new Map<string, ReadonlySet<string>>()

function productNameStems(name: string): ReadonlySet<string> {
  let stems = nameStemsCache.get(name)
  if (stems === undefined) {
    stems = new Set(stemText(name))
    if (nameStemsCache.size >= PRODUCT_CACHE_LIMIT) nameStemsCache.clear()
    nameStemsCache.set(name, stems)
  }
  return stems
}

function productIndex(product: ProductProfile): VectorIndex | null {
  return productTerms(product).index
}

function scoreAlignment(
  text: DealText,
  vectors: readonly TermVector[],
  product: ProductProfile,
  signals: Signals,
): Scored {
  const index = productIndex(product)
  if (!index)
    return {
      score: 0,
      justification: 'No product profile to compare with.',
      evidence: [],
      noProduct: true,
    }
  const aligned: AnalysedSentence[] = []
  const sellerAligned: AnalysedSentence[] = []
  text.sentences.forEach((s, i) => {
    const vector = vectors[i]
    if (!vector) return
    if (bestScore(index.scores(vector)) < 0.25) return
    if (s.role === 'buyer') aligned.push(s)
    else if (s.role === 'seller') sellerAligned.push(s)
  })
  const positive = matching(text, 'buyer', POSITIVE)
  signals.buyerAligned = aligned.length
  signals.sellerAligned = sellerAligned.length
  signals.buyerPositive = positive.length
  if (aligned.length >= 3 && positive.length >= 2) {
    return {
      score: 3,
      justification: 'The buyer states needs that match the value propositions and confirms them.',
      evidence: aligned,
    }
  }
  if (aligned.length >= 2)
    return {
      score: 2,
      justification: 'The buyer states needs that match the value propositions.',
      evidence: aligned,
    }
  if (aligned.length > 0 || sellerAligned.length > 0) {
    return {
      score: 1,
      justification: 'Alignment is vague or claimed only by the seller.',
      evidence: [...aligned, ...sellerAligned],
    }
  }
  return {
    score: 0,
    justification: 'Nothing ties the buyer’s needs to the value propositions.',
    evidence: [],
  }
}

function scoreUrgency(text: DealText, signals: Signals): Scored {
  const buyer = matching(text, 'buyer', URGENCY)
  const dated = buyer.filter((s) => s.entityTypes.includes('DATE') || MONTH_OR_DATE.test(s.norm))
  const deferrals = matching(text, 'buyer', DEFERRAL)
  const seller = matching(text, 'seller', URGENCY)
  signals.buyerUrgency = buyer.length
  signals.buyerDeadline = dated.length
  signals.buyerDeferral = deferrals.length
  signals.sellerUrgency = seller.length
  // A buyer naming dates or time spans ("by the first of March", "within six weeks") is
  // evidence of a timeline even in words the urgency cues do not know.
  const timed = text.sentences.filter(
    (s) =>
      s.role === 'buyer' && (s.entityTypes.includes('DATE') || s.entityTypes.includes('DURATION')),
  )
  signals.buyerDates = timed.filter((s) => s.entityTypes.includes('DATE')).length
  signals.buyerDurations = timed.filter((s) => s.entityTypes.includes('DURATION')).length
  let scored: Scored
  if (dated.length >= 1 && buyer.length >= 2) {
    scored = {
      score: 3,
      justification: 'The buyer names a dated deadline or event.',
      evidence: dated,
    }
  } else if (buyer.length >= 1) {
    scored = {
      score: 2,
      justification: 'The buyer states urgency without a firm date.',
      evidence: buyer,
    }
  } else if (seller.length > 0) {
    scored = {
      score: 1,
      justification: 'Urgency is asserted by the seller only.',
      evidence: seller,
    }
  } else {
    scored = { score: 0, justification: 'No urgency stated.', evidence: [] }
  }
  return {
    ...withDeferrals(scored, deferrals),
    learnedEvidence: timed,
    deferrals: deferrals.length,
  }
}

// A buyer pushing the purchase out (no budget, next year) outweighs dates they mention.
function withDeferrals(scored: Scored, deferrals: readonly AnalysedSentence[]): Scored {
  if (deferrals.length >= 2) {
    return { score: 0, justification: 'The buyer defers the purchase.', evidence: [...deferrals] }
  }
  if (deferrals.length === 1 && scored.score > 1) {
    return {
      score: scored.score - 1,
      justification: `${scored.justification} The buyer also defers.`,
      evidence: [...scored.evidence, ...deferrals],
    }
  }
  return scored
}

// A buyer who says they may not have the problem, or that it does not fit, caps how much
// pain and alignment the rest of the conversation can show.
function withDoubts(scored: Scored, doubts: readonly AnalysedSentence[]): Scored {
  if (doubts.length === 0) return scored
  if (scored.score <= 1) return { ...scored, doubts: doubts.length }
  const score = doubts.length >= 2 ? 1 : scored.score - 1
  return {
    score,
    justification: `${scored.justification} The buyer doubts the need or the fit.`,
    evidence: [...doubts, ...scored.evidence],
    doubts: doubts.length,
  }
}

const MAX_REFS = 4

// The four criteria as the rules score them, and the evidence counts behind the scores.
export function ruleSolutionFit(
  text: DealText,
  vectors: readonly TermVector[],
  product: ProductProfile,
): { criteria: [SolutionFitCriterion, Scored][]; signals: Signals } {
  const signals: Signals = {}
  const doubts = matching(text, 'buyer', NEED_DOUBT)
  signals.buyerDoubt = doubts.length
  const criteria: [SolutionFitCriterion, Scored][] = [
    ['problem_pain_identification', withDoubts(scorePain(text, signals), doubts)],
    ['quantifiable_business_impact', scoreImpact(text, signals)],
    [
      'value_proposition_alignment',
      withDoubts(scoreAlignment(text, vectors, product, signals), doubts),
    ],
    ['strategic_urgency', scoreUrgency(text, signals)],
  ]
  return { criteria, signals }
}

// The trained scorer's verdict where the model has one for the criterion, else the rules'.
// The justification kept here is the diagnostic one (the rules' reason and the model's
// change); scoreSolutionFit shows users fitJustification's text for the final score.
function finalScore(
  model: ObjectionModel,
  criterion: SolutionFitCriterion,
  scored: Scored,
  features: readonly string[],
): Scored {
  const ladder = model.solutionFit[criterion]
  // No evidence at all is a 0 by the scale's definition, whatever the training deals (which
  // all have some) would suggest.
  if (!ladder || !hasFitEvidence(scored)) return scored
  const score = learnedFitScore(ladder, features)
  if (score === scored.score) return scored
  return {
    ...scored,
    score,
    justification: `${scored.justification} Scored ${score} by the trained model from the evidence counts (rules: ${scored.score}).`,
    evidence:
      scored.evidence.length > 0 || score === 0 ? scored.evidence : (scored.learnedEvidence ?? []),
  }
}

// The sentences a criterion's quotes are chosen from: the evidence behind its score, then the
// sentences the trained scorer also read (a buyer's dates for urgency), so a score the rules'
// cue sentences cannot show is shown by what the scorer weighed.
function citable(scored: Scored, rule: Scored): AnalysedSentence[] {
  if (scored.score === 0) return scored.evidence
  return [...new Set([...scored.evidence, ...rule.evidence, ...(rule.learnedEvidence ?? [])])]
}

const buyerSentences = oncePerObject((text: DealText) =>
  text.sentences.filter((s) => s.role === 'buyer'),
)

// DESIGN §6: a score cites the sentences behind it. A criterion none of whose evidence
// carries its signal scores 0, what the scale gives no evidence. (Capping a score shown only by
// the seller's sentences at 1 was tried: CV MAE 0.471 -> 0.487.)
function citedScore(scored: Scored, quotes: readonly AnalysedSentence[]): Scored {
  if (scored.score === 0 || quotes.length > 0) return scored
  return { ...scored, score: 0, evidence: [] }
}

// What choosing the quotes reads beside the sentences: the product's own words.
function fitQuoteContext(
  text: DealText,
  vectors: readonly TermVector[],
  product: ProductProfile,
): FitQuoteContext {
  const { index, stems } = productTerms(product)
  return {
    text,
    productStems: stems,
    productName: product.name.trim().toLowerCase(),
    productNameStems: productNameStems(product.name),
    productSimilarity: (s) => {
      const vector = vectors[s.index]
      return index && vector ? bestScore(index.scores(vector)) : 0
    },
  }
}

export function scoreSolutionFit(
  text: DealText,
  vectors: readonly TermVector[],
  engagements: readonly Engagement[],
  product: ProductProfile,
  model: ObjectionModel,
): SolutionFit {
  const latest = lastEngagementIndex(text)
  const { criteria, signals } = ruleSolutionFit(text, vectors, product)
  const stages = dealStageTags(engagements)
  const quoteContext = fitQuoteContext(text, vectors, product)
  let buyerQuoted = false
  const scoring: SolutionFitScoring[] = criteria.map(([type, rule]) => {
    const learned = finalScore(model, type, rule, fitFeatures(type, rule.score, signals, stages))
    let quotes = fitQuotes(type, learned.score, citable(learned, rule), quoteContext, MAX_REFS)
    // The trained scorer weighs the deal as a whole (its stage, how far the buyer quantified
    // and agreed), so a score can rest on buyer sentences the rules' cues missed: those
    // carrying the criterion's own signal are its evidence.
    if (learned.score > 0 && !quotes.some((q) => q.role === 'buyer')) {
      const buyer = fitQuotes(type, learned.score, buyerSentences(text), quoteContext, MAX_REFS)
      if (buyer.length > 0) quotes = buyer
    }
    // The scale is about what the buyer says: where the buyer said something, the seller's
    // sentences are not quoted beside it.
    if (quotes.some((q) => q.role === 'buyer')) quotes = quotes.filter((q) => q.role === 'buyer')
    const scored = citedScore(learned, quotes)
    const justification = fitJustification(type, scored)
    if (quotes.some((q) => q.role === 'buyer')) buyerQuoted = true
    return {
      type,
      score: scored.score,
      justification: justification.text,
      justification_code: justification.code,
      evidenceRefs: quotes
        .map((s) => ref(text, engagements, latest, s))
        .filter((r): r is EvidenceRef => r !== null),
    }
  })
  // Spec §4: with nothing from the buyer about the problem, its impact, the value or the
  // timing (only notes, the seller's words, small talk), the fit is not assessed: no scoring,
  // which the app shows as "assessment pending" and confidence leaves out. The tier and total
  // are those of 0/12, as the contract requires both.
  if (!buyerQuoted) return notAssessed()
  const total = scoring.reduce((sum, s) => sum + s.score, 0)
  return { tier: solutionFitTier(total), total, scoring }
}

// A fit with no scoring: not enough deal information to assess it.
export function notAssessed(): SolutionFit {
  return { tier: solutionFitTier(0), total: 0, scoring: [] }
}

// Whether a fit was assessed (its criteria scored) rather than left pending.
export function isAssessed(fit: SolutionFit): boolean {
  return fit.scoring.length > 0
}
