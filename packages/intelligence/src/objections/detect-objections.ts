import type { DetectedObjection, Engagement } from '@dealcoach/contracts/intelligence'
import { engagementRef } from '../evidence/engagement-ref.js'
import { sigmoid } from '../model/logistic-regression.js'
import { committedModel, type ObjectionModel } from '../model/objection-model.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { featuresOfStems, featuresOfStemWords } from '../nlp/sentence-features.js'
import { addVector, type TermVector } from '../nlp/term-vector.js'
import { NO_CORRECTIONS, type CorrectionIndex } from './apply-corrections.js'
import { detectorScorer } from './detector-scorer.js'
import { explainDetectorIds } from './explain-features.js'
import { handlingScore } from './handling-features.js'
import { judgeHandling } from './judge-handling.js'
import { objectionVerdicts, type UnitVerdictInput } from './lexicon-gate.js'
import { mergedFeatureIds, objectionFeatureIndex } from './objection-feature-index.js'
import { sendUnitFeatures, sentenceScore } from './objection-features.js'
import type { ObjectionTypeIndex } from './objection-type-index.js'
import { objectionUnits, type ObjectionUnit } from './objection-units.js'
import { opensNewConcern } from './new-concern.js'
import { hasDecisiveCue, onlyDeniesAlternatives } from './decisive-cues.js'
import { quotedSentences } from './quoted-sentences.js'
import { sentenceResistance } from './score-resistance.js'
import { chooseType } from './type-choice.js'
import { quoteText } from '../nlp/quote-text.js'

const CUE_CONCEPT_WEIGHT = 0.5
const SAME_TURN_WEIGHT = 0.4
const SELLER_QUESTION_WEIGHT = 0.2

// The topic of an objection: what its resisting sentences say, then the rest of the turn
// (or e-mail paragraph) and the seller's question before it, which name what a terse answer
// ("Half that.") is about. The concepts of the cues that fired count for less than the words.
function groupFeatures(text: DealText, resisting: readonly AnalysedSentence[]): TermVector {
  const features: TermVector = new Map()
  const first = resisting[0]
  if (!first) return features
  const own = new Set(resisting)
  for (const sentence of resisting) {
    addVector(features, featuresOfStemWords(sentence.stemWords), 1)
    const { concepts } = sentenceResistance(sentence)
    addVector(features, featuresOfStems([], concepts), CUE_CONCEPT_WEIGHT)
  }
  const turn = text.turns[first.turnIndex]
  for (const other of turn?.sentences ?? []) {
    if (!own.has(other) && other.paragraphIndex === first.paragraphIndex) {
      addVector(features, featuresOfStemWords(other.stemWords), SAME_TURN_WEIGHT)
    }
  }
  const previous = text.turns[first.turnIndex - 1]
  if (previous?.role === 'seller' && previous.engagementIndex === first.engagementIndex) {
    for (const other of previous.sentences) {
      addVector(features, featuresOfStemWords(other.stemWords), SELLER_QUESTION_WEIGHT)
    }
  }
  return features
}

export interface ScoredUnit {
  unit: ObjectionUnit
  probability: number
  objection: boolean
  // Whether the cue lexicon flags it where its verdict counts (lexicon-gate.ts).
  byRule: boolean
  // Its features that an objection's explanation and typing read, as ids
  // (DetectorScorer.keptIds).
  featureIds: Int32Array
}

// Scored units last through detection, so they are made by a constructor, never by a
// literal V8 would move to the old space (nlp/analyse-engagements.ts says why that costs).
class Scored implements ScoredUnit, UnitVerdictInput {
  objection = false
  byRule = false
  readonly engagementIndex: number

  constructor(
    readonly unit: ObjectionUnit,
    readonly probability: number,
    readonly rule: number,
    readonly featureIds: Int32Array,
  ) {
    this.engagementIndex = unit.turn.engagementIndex
  }
}

// The detector's probability for every buyer unit of the deal, and whether it is an
// objection (by the detector, or by the cue lexicon where the lexicon counts). Scored without
// naming features: most units are not objections and need nothing more.
export function scoreUnits(text: DealText, model: ObjectionModel): ScoredUnit[] {
  const scorer = detectorScorer(model)
  const scored = objectionUnits(text).map((unit) => {
    const rule = sendUnitFeatures(scorer.start(), text, unit)
    return new Scored(unit, sigmoid(scorer.score), rule, scorer.keptIds())
  })
  const verdicts = objectionVerdicts(scored, model)
  scored.forEach((unit, i) => {
    const verdict = verdicts[i]
    // A decisive cue counts wherever it is said (decisive-cues.ts). Only a unit the lexicon
    // flags is asked which cue did: most are not, and their pieces of raw text have no score
    // of their own yet (the lexicon reads a raw run whole).
    const decisive =
      verdict?.objection !== true &&
      unit.rule >= model.ruleThreshold &&
      hasDecisiveCue(unit.unit.sentences, model.ruleThreshold)
    unit.objection = (verdict?.objection ?? false) || decisive
    unit.byRule = (verdict?.byRule ?? false) || decisive
  })
  return scored
}

// Consecutive sentences of one e-mail paragraph that are each flagged make one objection
// while they raise the same concern: one concern cited once is what a reader (and the
// labelled quotes) expect. A sentence that opens with a new-concern marker ("Also, …", "The
// other thing is …") and is typed differently from the one before it starts an objection of
// its own, so a paragraph naming the price and then the contract's length gives both.
// Splitting at every change of type instead cost precision (5-fold CV over three splits:
// objection F1 0.803 -> 0.799); at markers alone, or markers and type, it is 0.803, recall
// 0.818 -> 0.821 and type accuracy 0.803 -> 0.805.
function mergeEmailRuns(
  scored: readonly ScoredUnit[],
  sameConcern: (previous: ScoredUnit, next: ScoredUnit) => boolean,
): ScoredUnit[] {
  const out: ScoredUnit[] = []
  let previous: ScoredUnit | undefined
  for (const current of scored) {
    const last = out[out.length - 1]
    const lastSentence = last?.unit.sentences[last.unit.sentences.length - 1]
    const first = current.unit.sentences[0]
    const continues =
      last !== undefined &&
      previous !== undefined &&
      last.unit.kind === 'sentence' &&
      current.unit.kind === 'sentence' &&
      lastSentence !== undefined &&
      first !== undefined &&
      first.turnIndex === lastSentence.turnIndex &&
      first.paragraphIndex === lastSentence.paragraphIndex &&
      first.index === lastSentence.index + 1 &&
      sameConcern(previous, current)
    previous = current
    if (!continues) {
      out.push(current)
      continue
    }
    out[out.length - 1] = {
      unit: { ...last.unit, sentences: [...last.unit.sentences, ...current.unit.sentences] },
      featureIds: mergedFeatureIds([last.featureIds, current.featureIds]),
      probability: Math.max(last.probability, current.probability),
      objection: true,
      byRule: last.byRule || current.byRule,
    }
  }
  return out
}

// The sentences of a turn that carry the objection: those the detector's weights would flag
// on their own, else the single strongest one. An e-mail unit is its flagged sentences.
function citedSentences(
  text: DealText,
  model: ObjectionModel,
  unit: ObjectionUnit,
): AnalysedSentence[] {
  if (unit.sentences.length === 1 || unit.kind === 'sentence') return unit.sentences
  const scored = unit.sentences.map((sentence) => ({
    sentence,
    score: sentenceScore(text, sentence, model.detector),
  }))
  const flagged = scored.filter((s) => sigmoid(s.score) >= model.threshold).map((s) => s.sentence)
  if (flagged.length > 0) return flagged
  const best = scored.reduce((a, b) => (b.score > a.score ? b : a))
  return [best.sentence]
}

// The default or own type an e-mail sentence would be given on its own, kept per unit: what
// says whether two flagged sentences in a row raise the same concern.
function typeOfUnit(
  text: DealText,
  index: ObjectionTypeIndex,
  model: ObjectionModel,
): (scored: ScoredUnit) => string | undefined {
  const types = new Map<ScoredUnit, string | undefined>()
  return (scored) => {
    if (types.has(scored)) return types.get(scored)
    const topic = groupFeatures(text, scored.unit.sentences)
    const type = chooseType(index, model, topic, scored.unit, scored.featureIds)?.profile.config.id
    types.set(scored, type)
    return type
  }
}

function roundTo2(value: number): number {
  return Math.round(value * 100) / 100
}

// Buyer turns (calls) and e-mail sentences the trained detector flags, each typed into the
// organisation's active types and judged handled or not from the seller's reply and the
// buyer's next turn. Every objection cites its sentences and the features that decided it.
// Users' corrections come last: a sentence they said is no objection (or a near-paraphrase of
// it) is dropped, one they typed differently takes their type.
export function detectObjections(
  text: DealText,
  engagements: readonly Engagement[],
  index: ObjectionTypeIndex,
  vectors: readonly TermVector[],
  model: ObjectionModel = committedModel(),
  corrections: CorrectionIndex = NO_CORRECTIONS,
): DetectedObjection[] {
  if (index.profiles.length === 0) return []
  const typeOf = typeOfUnit(text, index, model)
  // Checked in this order so that a sentence is typed only when it opens with a new-concern
  // marker (new-concern.ts).
  const sameConcern = (previous: ScoredUnit, next: ScoredUnit): boolean => {
    const first = next.unit.sentences[0]
    if (first === undefined || !opensNewConcern(first)) return true
    return typeOf(previous) === typeOf(next)
  }
  const detected = mergeEmailRuns(
    scoreUnits(text, model).filter((s) => s.objection),
    sameConcern,
  )
    .map((scored) => {
      const cited = citedSentences(text, model, scored.unit)
      return { scored, cited, correction: corrections.match(cited.map((s) => s.stems)) }
    })
    .filter(
      (d) =>
        d.correction?.verdict !== 'not_objection' &&
        !onlyDeniesAlternatives(d.cited, model.ruleThreshold),
    )
  // A rejected sentence does not count as the buyer resisting again after a reply either.
  const resistingTurns = new Set(detected.map((d) => d.scored.unit.turn.turnIndex))
  const objections: DetectedObjection[] = []
  for (const { scored: current, cited, correction } of detected) {
    const { unit, featureIds, probability } = current
    const topic = groupFeatures(text, cited)
    const corrected = correction?.typeId
      ? index.profiles.find((p) => p.config.id === correction.typeId)
      : undefined
    const choice = corrected
      ? { profile: corrected, similarity: correction?.similarity ?? 1, prior: 1 }
      : chooseType(index, model, topic, unit, featureIds)
    const first = cited[0]
    const engagement = first ? engagements[first.engagementIndex] : undefined
    if (!choice || !first || !engagement) continue
    const judgement = judgeHandling(text, vectors, first, topic)
    const followUpResists =
      judgement.followUp !== null && resistingTurns.has(judgement.followUp.turnIndex)
    const handledProbability = sigmoid(
      handlingScore(model.handled, text, judgement, followUpResists),
    )
    objections.push({
      type: choice.profile.config.id,
      type_name: choice.profile.config.name,
      quote: quoteText(quotedSentences(text, unit.sentences, cited).map((s) => s.text)),
      speaker: first.speaker,
      role: first.role,
      engagement: engagementRef(engagement),
      utterance_index: first.utteranceIndex,
      confidence: roundTo2(Math.max(probability, current.byRule ? model.threshold : 0)),
      handled: handledProbability >= 0.5,
      handling_score: roundTo2(handledProbability),
      seller_reply: judgement.reply,
      cues: [
        ...explainDetectorIds(objectionFeatureIndex(model), featureIds),
        ...(current.byRule ? cited.flatMap((s) => sentenceResistance(s).cues) : []),
        corrected
          ? `type: ${choice.profile.config.name} (a user's correction, similarity ${roundTo2(choice.similarity)})`
          : `type: ${choice.profile.config.name} (similarity ${roundTo2(choice.similarity)}, prior ${roundTo2(choice.prior)})`,
        ...judgement.reasons.map((r) => `handling: ${r}`),
      ],
    })
  }
  return objections
}
