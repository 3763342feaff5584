import type { DealText } from '../nlp/analyse-engagements.js'
import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import { RULE_RESISTANCE_THRESHOLD, sentenceResistance } from '../objections/score-resistance.js'
import { oncePerObject } from '../text/once-per-object.js'
import { vocabularyHits } from './action-vocabulary.js'

// A next step is agreed when the other side says yes to it. Where the seller's last ask for
// one in a call ("Shall I pencil in Thursday?") is answered by a stall or a brush-off and no
// yes ("Send the deck first and I will get back to you."), the deal has talk about next steps
// but none agreed: the status model, reading how much was said about them, would call it done.

// A yes in the answer, or a day of its own ("Thursday at ten", "the twelfth of May"): "let me
// look. Thursday works" stalls for a moment and then agrees.
const AGREES =
  /\b(?:yes|yeah|yep|yup|sure|fine|okay|ok|works|good|great|perfect|absolutely|definitely|of course|sounds|grand|lovely|brilliant|done|happy to|let us do|go ahead|see you)\b/
const WEEKDAY = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight'
// Past the third: "the first" and "the second" open too many other things.
const LATER_ORDINAL =
  'fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\\w+teenth|twentieth|thirtieth|twenty-\\w+|thirty-first'
const ORDINAL_DAY = `\\d{1,2}(?:st|nd|rd|th)|(?:first|second|third|${LATER_ORDINAL}) of`
const MONTH =
  'january|february|march|april|june|july|august|september|october|november|december|of may|may \\d'
const NAMES_A_DAY = new RegExp(`\\b(?:${WEEKDAY}|${MONTH}|${ORDINAL_DAY})\\b`)

// Brush-offs the cue lexicon does not read as a stall, since a date after them makes them a
// promise ("we will call you on Monday"); the date counts as a yes above.
const BRUSH_OFF =
  /\b(?:(?:we|i) will (?:call|ring|phone|contact|email|e-mail) you|(?:we|i) will (?:be in touch|let you know|reach out))\b/

// The cue lexicon's stalls ("get back to you", "let me think"), where it reads the sentence as
// resistance at all: its suppressors take back a stall that names a day ("I will read it with
// Sam by Friday").
function stalls(s: AnalysedSentence): boolean {
  const resistance = sentenceResistance(s)
  return (
    resistance.score >= RULE_RESISTANCE_THRESHOLD &&
    resistance.cues.some((cue) => cue.startsWith('timing:'))
  )
}

function lastAskInACall(text: DealText): AnalysedSentence | undefined {
  const asks = vocabularyHits(text).get('agree_next_steps')
  let last: AnalysedSentence | undefined
  for (const s of text.sentences) {
    if (s.role === 'seller' && s.isQuestion && s.utteranceIndex !== null && asks?.[s.index]) {
      last = s
    }
  }
  return last
}

const agrees = (s: AnalysedSentence): boolean =>
  AGREES.test(s.norm) || NAMES_A_DAY.test(s.norm) || s.entityTypes.includes('DATE')

// A day to meet on, as an answer names it ("Tuesday at ten", "the twelfth", "eleventh of May"):
// not a month alone or a date entity, which past events and deadlines carry too ("we lost two
// customers last quarter", "hiring picks up in March").
const A_MEETING_DAY = new RegExp(`\\b(?:${WEEKDAY}|${ORDINAL_DAY}|the (?:${LATER_ORDINAL}))\\b`)

function putsOff(reply: AnalysedTurn): boolean {
  return (
    !reply.sentences.some(agrees) &&
    reply.sentences.some((s) => BRUSH_OFF.test(s.norm) || stalls(s))
  )
}

// The buyer's answer, in the same call, to the seller's last ask for a next step.
const replyToLastAsk = oncePerObject((text: DealText): AnalysedTurn | undefined => {
  const ask = lastAskInACall(text)
  if (!ask) return undefined
  const reply = text.turns[ask.turnIndex + 1]
  return reply?.role === 'buyer' && reply.engagementIndex === ask.engagementIndex
    ? reply
    : undefined
})

// Whether the buyer put off the seller's last ask for a next step in a call.
export const nextStepPutOff = oncePerObject((text: DealText): boolean => {
  const reply = replyToLastAsk(text)
  return reply !== undefined && putsOff(reply)
})

// An answer's sentence that takes a day to meet: names one, says yes to it or is as short as an
// answer is ("Thursday the eighth."), and neither asks nor refuses ("Do not make it the seventh.",
// "The twentieth... Tammy?", not "Our books close on the fifth working day of the month.").
const SHORT_ANSWER_WORDS = 8
const NOT = /\b(?:not|never|no)\b/
function takesADay(s: AnalysedSentence): boolean {
  if (!A_MEETING_DAY.test(s.norm) || s.isQuestion || NOT.test(s.norm)) return false
  return AGREES.test(s.norm) || s.norm.split(' ').length <= SHORT_ANSWER_WORDS
}

// The buyer's answer to the seller's last ask for a next step in a call, where it names the
// day itself ("Yes, Tuesday at ten works.", "the twelfth should be okay"): the sentence that
// shows a step agreed with a date. A bare "Yes." shows it too, but quoted alone it says nothing.
export const nextStepAgreement = oncePerObject((text: DealText): AnalysedSentence | undefined => {
  if (nextStepPutOff(text)) return undefined
  return replyToLastAsk(text)?.sentences.find(takesADay)
})
