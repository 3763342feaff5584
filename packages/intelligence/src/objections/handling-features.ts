import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import type { HandlingJudgement } from './judge-handling.js'
import { featureNames } from '../nlp/feature-names.js'
import { sentencesTokens } from './objection-features.js'

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
  const features = new Set<string>()
  for (const reason of judgement.reasons) features.add(`j:${reasonKey(reason)}`)
  features.add(`js:${Math.round(judgement.score * 5)}`)
  const reply: readonly AnalysedSentence[] = judgement.replySentences
  if (reply.length === 0) features.add('r:none')
  const replyTokens = sentencesTokens(reply)
  for (const token of replyTokens) features.add(REPLY_WORD.of(token))
  features.add(`rl:${Math.min(4, Math.floor(Math.log2(1 + replyTokens.length)))}`)
  if (reply.some((s) => s.isQuestion)) features.add('r:?')
  const followUp = judgement.followUp
  if (!followUp) features.add('f:none')
  else {
    for (const token of sentencesTokens(followUp.sentences)) features.add(FOLLOW_UP_WORD.of(token))
    if (followUpResists) features.add('f:resists')
  }
  // E-mail objections are answered by a later message, calls by the next turn.
  const last = reply[reply.length - 1]
  if (last && text.turns[last.turnIndex]?.utteranceIndex === null) features.add('r:email')
  return features
}
