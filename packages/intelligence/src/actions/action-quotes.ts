import type {
  ActionStatusDescriptionCode,
  ActionSummaryCode,
  Engagement,
} from '@dealcoach/contracts/intelligence'
import type { DealText } from '../nlp/analyse-engagements.js'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { stemWord } from '../nlp/wink-instance.js'
import { holdsCourtesy } from '../nlp/courtesy.js'
import { impactRank, painStrength } from '../solution-fit/fit-quotes.js'
import { bestQuotes, isSmallTalk, sharedContentStems } from '../solution-fit/quotable.js'
import { countOf } from '../text/count-of.js'
import type { Explained } from '../text/explained.js'
import type { ActionEvidence } from './action-features.js'
import type { ActionProfile } from './action-index.js'
import type { ActionProgress } from './action-status.js'
import {
  hasOutcomeWording,
  outcomeStatements,
  sentenceUsesVocabulary,
  usesVocabulary,
} from './action-vocabulary.js'
import { quoteText } from '../nlp/quote-text.js'
import { nextStepAgreement } from './next-step-put-off.js'
import type { ResistsTest } from './resisting-sentences.js'

// Which of an action's evidence is shown to the user, and the words around it. The status
// reads all the evidence (the trained status model learned it so, generic matches included);
// a quote must be about the action: it shares a topic-bearing stem with the action's name and
// description, or its sales vocabulary without counting the action's own verb ("send the
// invite" is not "Send a written proposal"), and is not small talk. The actions that are a
// solution-fit criterion quote by that criterion's signal (a figure tied to a cost for
// quantifying the impact, a problem statement for the pain). Where none qualifies, fewer
// quotes are shown, or none. A completed action never quotes a sentence that pushes back on it
// (an objection, or buyer resistance: resisting-sentences.ts); it is no proof of completion.

// A quote is nearly as much about its action as about any other (by the similarity of their
// names and descriptions; the pain and impact actions have their criterion's own signal): "Where does the process break down?" meets "Map the decision
// process" through "process" but is about the pain.
export const NEAR_BEST = 0.5

// The sentence's normal form without the outcome action's verb.
function withoutVerb(s: AnalysedSentence, verb: ReadonlySet<string>): string {
  return s.norm
    .split(' ')
    .filter((w) => !verb.has(stemWord(w)))
    .join(' ')
}

// How much the sentence is about the action beyond its verb: 0 when it is not.
// The cheap tests first: most evidence fails one of them, and every action asks for all of its
// evidence (a tenth of an analysis's time when the costly ones came first).
function aboutTheAction(e: ActionEvidence, profile: ActionProfile, text: DealText): number {
  const s = e.sentence
  if (!e.aboutObject) return 0
  const key = profile.vocabulary
  // The buyer saying the outcome is in place: the strongest proof there is.
  if (key && hasOutcomeWording(key) && outcomeStatements(text).get(key)?.has(s)) return 3
  const ownSignal = key === 'quantify_impact' || key === 'identify_pain'
  if (!ownSignal && e.similarity < NEAR_BEST * e.sentenceBest) return 0
  if (isSmallTalk(s)) return 0
  if (key === 'quantify_impact') return impactRank(text, s) > 0 ? 1 : 0
  if (key === 'identify_pain') return painStrength(s) > 0 ? 1 : 0
  const shared = sharedContentStems(s, profile.content)
  if (shared > 0) return Math.min(shared, 3)
  // The verb is taken out only of a sentence that uses the vocabulary at all.
  if (!key || !sentenceUsesVocabulary(text, key, s)) return 0
  return !profile.object || usesVocabulary(key, withoutVerb(s, profile.object.verb)) ? 1 : 0
}

const NO_RESISTANCE: ResistsTest = () => false

// The actions whose own evidence the cue lexicon reads as resistance: problem statements for
// the pain and the impact ("we do not have the staff"), someone else's say for who decides
// ("the asset manager signs", a deferral to the lexicon). For them only a detected objection
// keeps a sentence from being cited as the proof.
const LEXICON_BLIND: ReadonlySet<string> = new Set([
  'identify_pain',
  'quantify_impact',
  'identify_decision_maker',
  'map_decision_process',
  'confirm_signatory',
])

// The least similarity of a sentence a completed status may cite where none passes the
// quote tests (aboutTheAction): at 0.35 more of the training deals' completions were left
// without a sentence to cite.
export const LEAST_CITED_SIMILARITY = 0.25

// Evidence clearly about the action though it fails the quote tests ("below twenty grand the
// call is mine" shares no stem with "Identify the decision maker"): nearly as close
// to it as to any other action and at least LEAST_CITED_SIMILARITY, or in its own
// vocabulary; never small talk or pushback.
function clearlyAbout(
  evidence: readonly ActionEvidence[],
  profile: ActionProfile,
  lexicon: boolean,
  resists: ResistsTest,
): ActionEvidence[] {
  const key = profile.vocabulary
  return evidence.filter(
    (e) =>
      e.aboutObject &&
      ((e.similarity >= LEAST_CITED_SIMILARITY && e.similarity >= NEAR_BEST * e.sentenceBest) ||
        (key !== null && usesVocabulary(key, e.sentence.norm))) &&
      !isSmallTalk(e.sentence) &&
      !meetsOnlyThroughCourtesy(e.sentence, profile) &&
      !resists(e.sentence, lexicon),
  )
}

// "No problem at all, I blocked the hour" is near "Quantify the impact of the problem" by its
// courtesy alone (nlp/courtesy.ts).
function meetsOnlyThroughCourtesy(s: AnalysedSentence, profile: ActionProfile): boolean {
  return holdsCourtesy(s.norm) && sharedContentStems(s, profile.content) === 0
}

// A sentence cited for what it says, not for its likeness to the action: evidence of its own.
function citedAlone(sentence: AnalysedSentence): ActionEvidence {
  return {
    sentence,
    similarity: 0,
    promises: false,
    confirms: false,
    aboutObject: true,
    sentenceBest: 0,
  }
}

// The pain and impact actions are about the buyer's problem and what it costs wherever the
// buyer said so, as the solution fit reads them: where none of the action's evidence carries
// that signal, the buyer's sentences that do, anywhere in the deal.
function ownSignalAnywhere(
  text: DealText,
  key: string | null,
  resists: ResistsTest,
): ActionEvidence[] {
  const out: ActionEvidence[] = []
  for (const s of text.sentences) {
    if (s.role !== 'buyer' || isSmallTalk(s) || resists(s, false)) continue
    const signal = key === 'quantify_impact' ? impactRank(text, s) > 0 : painStrength(s) > 0
    if (signal) {
      out.push(citedAlone(s))
    }
  }
  return out
}

// The sentences a completed status would cite: with none, the action is not completed.
export function completionEvidence(
  evidence: readonly ActionEvidence[],
  profile: ActionProfile,
  text: DealText,
  resists: ResistsTest = NO_RESISTANCE,
): ActionEvidence[] {
  return actionQuotes(evidence, profile, text, 'completed', 1, resists).relevant
}

export interface ActionQuotes {
  // The evidence that is about the action, in conversation order.
  relevant: ActionEvidence[]
  // The best of them to quote, strongest first.
  quotes: ActionEvidence[]
}

// The evidence worth showing for an action with the given status: about the action, ranked
// by similarity, with what bears the status (a confirmation once completed, a promise while
// pending) first.
export function actionQuotes(
  evidence: readonly ActionEvidence[],
  profile: ActionProfile,
  text: DealText,
  progress: ActionProgress,
  limit: number,
  resists: ResistsTest = NO_RESISTANCE,
): ActionQuotes {
  const about = new Map<ActionEvidence, number>()
  const key = profile.vocabulary
  const lexicon = key === null || !LEXICON_BLIND.has(key)
  for (const e of evidence) {
    const strength = aboutTheAction(e, profile, text)
    // Asked last: most evidence is not about the action, and resisting is the dearer test.
    if (strength > 0 && !(progress === 'completed' && resists(e.sentence, lexicon))) {
      about.set(e, strength)
    }
  }
  let relevant = evidence.filter((e) => about.has(e))
  // A completed status cites the sentences that show it (DESIGN §6): where none is about the
  // action by the tests above, those clearly about it by similarity or in its own vocabulary.
  // The pain and the impact are the buyer's to state: where only the seller's sentences carry
  // their signal ("so nobody needs to install anything"), the buyer's own problem and figures
  // are cited from anywhere in the deal, when the buyer stated any.
  const signal = key === 'identify_pain' || key === 'quantify_impact'
  if (progress === 'completed' && signal && !relevant.some((e) => e.sentence.role === 'buyer')) {
    const own = ownSignalAnywhere(text, key, resists)
    if (own.length > 0) {
      relevant = own
      for (const e of own) about.set(e, 1)
    }
  }
  if (progress === 'completed' && relevant.length === 0) {
    relevant = clearlyAbout(evidence, profile, lexicon, resists)
    for (const e of relevant) about.set(e, 1)
  }
  // Likewise a pending status shows the promise it rests on: "I'll send the proposal by
  // Thursday" shares no stem with "Send the expansion offer", and the offer stood pending on
  // the buyer's "My worry though is the price." alone.
  if (progress === 'pending' && !relevant.some((e) => e.promises)) {
    const promises = clearlyAbout(evidence, profile, lexicon, resists).filter((e) => e.promises)
    for (const e of promises) about.set(e, 1)
    relevant = evidence.filter((e) => about.has(e))
  }
  const agreement = progress === 'completed' ? agreedStep(evidence, relevant, key, text) : undefined
  if (agreement && !relevant.includes(agreement)) {
    relevant = [...relevant, agreement].sort((a, b) => a.sentence.index - b.sentence.index)
  }
  const bearsStatus = (e: ActionEvidence): boolean =>
    (progress === 'completed' && e.confirms && !e.promises) ||
    (progress === 'pending' && e.promises)
  const quotes = bestQuotes(
    relevant,
    (e) => e.sentence,
    (e) =>
      1 +
      e.similarity +
      0.05 * (about.get(e) ?? 0) +
      (bearsStatus(e) ? 1 : 0) +
      (e === agreement ? 2 : 0),
    limit,
  )
  return { relevant, quotes }
}

// The buyer's answer naming the day the seller asked for is the proof that a step was agreed
// with a date, and is quoted first, ahead of a sentence that only names a time ("before the next
// board meeting").
// Only where other evidence already completes the action: it chooses the quote, not the status.
function agreedStep(
  evidence: readonly ActionEvidence[],
  relevant: readonly ActionEvidence[],
  key: string | null,
  text: DealText,
): ActionEvidence | undefined {
  if (key !== 'agree_next_steps' || relevant.length === 0) return undefined
  const sentence = nextStepAgreement(text)
  if (!sentence) return undefined
  return evidence.find((e) => e.sentence === sentence) ?? citedAlone(sentence)
}

/** How many sentences, and on how many calls, e-mails and other conversations they were said. */
// A type, not an interface: it is an explanation's params as it is (ExplanationParams).
export type SaidIn = {
  sentences: number
  calls: number
  emails: number
  conversations: number
}

export function saidIn(
  sentences: readonly AnalysedSentence[],
  engagements: readonly Engagement[],
): SaidIn {
  const calls = new Set<number>()
  const emails = new Set<number>()
  const conversations = new Set<number>()
  for (const s of sentences) {
    const type = engagements[s.engagementIndex]?.type
    const kind =
      type === 'transcript' || type === 'meeting'
        ? calls
        : type === 'email'
          ? emails
          : conversations
    kind.add(s.engagementIndex)
  }
  return {
    sentences: sentences.length,
    calls: calls.size,
    emails: emails.size,
    conversations: conversations.size,
  }
}

// "on 1 call", "across 2 calls and 1 e-mail": where the sentences were said.
export function whereSaid(said: SaidIn): string {
  const counts = [
    [said.calls, 'call'],
    [said.emails, 'e-mail'],
    [said.conversations, 'conversation'],
  ] as const
  const parts = counts.filter(([count]) => count > 0).map(([count, kind]) => countOf(count, kind))
  if (parts.length === 0) return ''
  const total = said.calls + said.emails + said.conversations
  const list =
    parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
  return total === 1 ? `${said.emails === 1 ? 'in' : 'on'} ${list}` : `across ${list}`
}

function inSentences(said: SaidIn) {
  const where = whereSaid(said)
  return `${countOf(said.sentences, 'sentence')}${where ? ` ${where}` : ''}`
}

// The status in the user's words, consistent with the status shown and citing only evidence
// about the action: "Completed: confirmed in 3 sentences across 2 calls.", "Pending: promised
// ("I will send the proposal by Friday."), not yet confirmed as done." The code and params say
// the same in the reader's language (contracts: actionStatusDescriptionCodeSchema).
export function statusDescription(
  progress: ActionProgress,
  relevant: readonly ActionEvidence[],
  engagements: readonly Engagement[],
): Explained<ActionStatusDescriptionCode> {
  const said = (list: readonly ActionEvidence[]) =>
    saidIn(
      list.map((e) => e.sentence),
      engagements,
    )
  if (progress === 'completed') {
    const confirmed = relevant.filter((e) => e.confirms && !e.promises)
    if (confirmed.length > 0) {
      const params = said(confirmed)
      return { code: 'confirmed', params, text: `Completed: confirmed in ${inSentences(params)}.` }
    }
    if (relevant.length === 0) {
      const text = 'Completed, judging by the conversation as a whole.'
      return { code: 'completed_overall', params: {}, text }
    }
    const buyer = relevant.some((e) => e.sentence.role === 'buyer')
    const seller = relevant.some((e) => e.sentence.role === 'seller')
    const who = buyer && seller ? ' by the buyer and the seller' : ''
    const params = said(relevant)
    return {
      code: who ? 'discussed_by_both' : 'discussed',
      params,
      text: `Completed: discussed${who} in ${inSentences(params)}.`,
    }
  }
  if (progress === 'pending') {
    const promise = relevant.findLast((e) => e.promises)
    if (!promise) {
      const text = 'Pending: expected to happen, not yet confirmed as done.'
      return { code: 'expected', params: {}, text }
    }
    const quote = quoteText([promise.sentence.text])
    const text = `Pending: promised ("${quote}"), not yet confirmed as done.`
    return { code: 'promised', params: { quote }, text }
  }
  if (relevant.length === 0) {
    return { code: 'touched_on', params: {}, text: 'In progress: touched on, not yet concluded.' }
  }
  const params = said(relevant)
  const text = `In progress: raised in ${inSentences(params)}, not yet concluded.`
  return { code: 'raised', params, text }
}

// One line on what was said about the action, and the strongest quote.
export function actionSummary(
  actionName: string,
  relevant: readonly ActionEvidence[],
  strongest: ActionEvidence | undefined,
  quoteOf: (e: ActionEvidence) => string = (e) => quoteText([e.sentence.text]),
): Explained<ActionSummaryCode> {
  if (!strongest) {
    const text = `No single sentence is clearly about "${actionName}"; the status reflects the conversation as a whole.`
    return { code: 'no_clear_sentence', params: { action: actionName }, text }
  }
  const quote = quoteOf(strongest)
  return {
    code: 'sentences_about',
    params: { count: relevant.length, action: actionName, quote },
    text: `${countOf(relevant.length, 'sentence')} about "${actionName}"; strongest: "${quote}"`,
  }
}
