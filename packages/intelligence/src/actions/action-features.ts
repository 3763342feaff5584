import { DEFAULT_PIPELINE } from '@dealcoach/playbooks/default-pipeline'
import type { Engagement, PipelineAction } from '@dealcoach/contracts/intelligence'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import type { ActionProgress } from './action-status.js'
import { countsOutcome, type VocabularyMentions } from './action-vocabulary.js'
import { isEngagementCount } from './deal-stage.js'

export interface ActionEvidence {
  sentence: AnalysedSentence
  similarity: number
  // The sentence promises something (PENDING_CUE) / confirms something done (COMPLETED_CUE):
  // tested once per sentence, since one sentence is evidence for several actions and every
  // judgement of each asks again.
  promises: boolean
  confirms: boolean
  // It shares more than the verb with an outcome action (action-index.ts, aboutObject): only
  // such sentences are quoted, and cited as the confirmation, when there are any.
  aboutObject: boolean
  // The sentence's highest similarity to any configured action (read for quoting only).
  sentenceBest: number
}

const DEFAULT_ACTION_KEYS = new Map<string, string>()
for (const stage of DEFAULT_PIPELINE.stages) {
  for (const action of stage.actions) {
    DEFAULT_ACTION_KEYS.set(action.key, action.key)
    DEFAULT_ACTION_KEYS.set(action.name.trim().toLowerCase(), action.key)
  }
}

// The default playbook action this one is (same key as id, or same name): the trained status
// model has per-action corrections for those; an organisation's own actions get the general
// ones only.
export function defaultActionKey(action: PipelineAction): string | null {
  return (
    DEFAULT_ACTION_KEYS.get(action.id) ??
    DEFAULT_ACTION_KEYS.get(action.name.trim().toLowerCase()) ??
    null
  )
}

function bucket(value: number, edges: readonly number[]): string {
  let i = 0
  while (i < edges.length && value >= (edges[i] ?? 0)) i++
  return String(i)
}

export interface ActionCues {
  completed: boolean
  promised: boolean
  outcome: boolean
}

// Who said what about an action: confirmations and promises by side, dated sentences,
// buyer statements (not only questions), and evidence from e-mail.
function evidenceDetails(
  evidence: readonly ActionEvidence[],
  engagements: readonly Engagement[],
): string[] {
  const details = new Set<string>()
  for (const { sentence, similarity, promises, confirms } of evidence) {
    const side = sentence.role
    if (promises) details.add(`promise:${side}`)
    else if (confirms) details.add(`confirm:${side}`)
    if (sentence.entityTypes.includes('DATE')) details.add('dated')
    if (similarity >= 0.3 && !sentence.isQuestion) details.add(`states:${side}`)
    if (engagements[sentence.engagementIndex]?.type === 'email') details.add(`mail:${side}`)
  }
  return [...details].sort()
}

// How much of the deal is in the action's own vocabulary, anywhere in it (not only in the
// sentences close to the action's name): the concept lexicon matches the name widely, so these
// narrower counts are what tell talk about the buyer's tools from talk that merely uses a tool.
// Where the action has outcome wording, how often the buyer says the outcome is in place: talk
// about the budget is as likely to find none as to confirm it.
function vocabularyFeatures(spoken: VocabularyMentions, key: string): string[] {
  const outcome = countsOutcome(key) ? [`done:b:${bucket(spoken.outcome, [1, 2])}`] : []
  return [
    ...outcome,
    `voc:b:${bucket(spoken.buyer, [1, 2, 4, 8])}`,
    `voc:s:${bucket(spoken.seller, [1, 2, 4, 8])}`,
    `voc:ans:${bucket(spoken.answered, [1, 2])}`,
  ]
}

// What the learned status model reads about one action in one deal: the rules' verdict, how
// strong and how two-sided the evidence is, who confirmed or promised it, and what kind of
// conversations the deal holds (dealStageTags). Each is also crossed with the default action
// it is, so the model learns, say, that pains discussed at length count as identified while
// terms discussed at length are not agreed, or that a final-terms call leaves discovery
// actions unsaid. Not how many engagements the deal holds: crossed with every action, that
// count let the classifiers fit the deal's length rather than its talk (left out, with the
// fallback margin of train-action-model.ts: CV status accuracy / completed F1 0.789 / 0.800 →
// 0.791 / 0.804; the objections action and the solution fit still read it).
export function actionFeatures(
  evidence: readonly ActionEvidence[],
  rule: ActionProgress | null,
  cues: ActionCues,
  key: string | null,
  deal: {
    engagements: readonly Engagement[]
    stages: readonly string[]
    vocabulary: ReadonlyMap<string, VocabularyMentions>
  },
): string[] {
  const best = evidence.reduce((max, e) => Math.max(max, e.similarity), 0)
  const buyer = evidence.filter((e) => e.sentence.role === 'buyer')
  const seller = evidence.filter((e) => e.sentence.role === 'seller')
  const base = [
    `rule:${rule ?? 'none'}`,
    `sim:${bucket(best, [0.25, 0.35, 0.45, 0.6])}`,
    `n:${bucket(evidence.length, [1, 2, 4, 8, 16])}`,
    `buyer:${bucket(buyer.length, [1, 3])}`,
    `seller:${bucket(seller.length, [1, 3])}`,
    `kind:${cues.outcome ? 'outcome' : 'learning'}`,
    ...evidenceDetails(evidence, deal.engagements),
    ...deal.stages.filter((s) => !isEngagementCount(s)).map((s) => `stage:${s}`),
  ]
  if (cues.completed) base.push('cue:completed')
  if (cues.promised) base.push('cue:promised')
  if (!key) return base
  const spoken = deal.vocabulary.get(key)
  if (spoken) base.push(...vocabularyFeatures(spoken, key))
  return [...base, `a:${key}`, ...base.map((f) => `${key}|${f}`)]
}

// What the learned status model reads about addressing objections in one deal: how many the
// buyer raised and how many are still open, and what kind of conversations the deal holds.
// In the training deals the step is listed where resistance is part of a late-stage deal
// (terms, renewals, reviews), rarely on a first call however many worries come up there.
export function objectionActionFeatures(
  raised: number,
  open: number,
  stages: readonly string[],
): string[] {
  return [
    `obj:n:${bucket(raised, [1, 3, 5, 8])}`,
    `obj:open:${bucket(open, [1, 2, 4])}`,
    ...stages.map((s) => `stage:${s}`),
  ]
}
