import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import type { HandlingJudgement } from './judge-handling.js'
import { featureNames } from '../nlp/feature-names.js'
import { FeatureSet, type FeatureSink } from '../nlp/feature-sink.js'
import { linearScorer } from '../model/linear-scorer.js'
import type { LinearModel } from '../model/logistic-regression.js'

const REPLY_WORD = featureNames('rw:')
const FOLLOW_UP_WORD = featureNames('fw:')

function reasonKey(reason: string): string {
  const cut = reason.indexOf(' (')
  return cut >= 0 ? reason.slice(0, cut) : reason
}

// What the learned handling model reads: the rule judge's reasons and score, the words of the
// seller's reply, and the words of the buyer's next turn and whether it resists again.
export function handlingFeatures(
  text: DealText,
  judgement: HandlingJudgement,
  followUpResists: boolean,
): Set<string> {
  const features = new FeatureSet()
  addHandlingFeatures(features, text, judgement, followUpResists)
  return features.features
}

// `linearScore(model, handlingFeatures(...))` without naming the reply's words: every
// objection of a deal is judged, and its score is all detection needs.
export function handlingScore(
  model: LinearModel,
  text: DealText,
  judgement: HandlingJudgement,
  followUpResists: boolean,
): number {
  const scorer = linearScorer(model).start()
  addHandlingFeatures(scorer, text, judgement, followUpResists)
  return scorer.score
}

function addHandlingFeatures(
  features: FeatureSink,
  text: DealText,
  judgement: HandlingJudgement,
  followUpResists: boolean,
): void {
  for (const reason of judgement.reasons) features.name(`j:${reasonKey(reason)}`)
  features.name(`js:${Math.round(judgement.score * 5)}`)
  const reply: readonly AnalysedSentence[] = judgement.replySentences
  if (reply.length === 0) features.name('r:none')
  let replyTokens = 0
  for (const sentence of reply) {
    for (const token of sentence.tokenWords) features.word(REPLY_WORD, token)
    replyTokens += sentence.tokenWords.length
  }
  features.name(`rl:${Math.min(4, Math.floor(Math.log2(1 + replyTokens)))}`)
  if (reply.some((s) => s.isQuestion)) features.name('r:?')
  const followUp = judgement.followUp
  if (!followUp) features.name('f:none')
  else {
    for (const sentence of followUp.sentences) {
      for (const token of sentence.tokenWords) features.word(FOLLOW_UP_WORD, token)
    }
    if (followUpResists) features.name('f:resists')
  }
  // E-mail objections are answered by a later message, calls by the next turn.
  const last = reply[reply.length - 1]
  if (last && text.turns[last.turnIndex]?.utteranceIndex === null) features.name('r:email')
}
