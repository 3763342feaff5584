import type { DetectedObjection, Engagement } from '@dealcoach/contracts/intelligence'
import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { quoteText } from '../nlp/quote-text.js'
import { RULE_RESISTANCE_THRESHOLD, sentenceResistance } from '../objections/score-resistance.js'

// Whether a sentence pushes back rather than shows progress: it is cited by a detected
// objection of its engagement, or the buyer said it and the cue lexicon reads it as
// resistance ("this is not a priority for us", "we can not justify it this year"). Such a
// sentence names the action's topic but says the opposite of "done", so it is never shown as
// the quote that proves an action completed (QA: a budget action quoting "that is well above
// what we budgeted"). Only what is shown changes; the status model reads all the evidence as
// it learned it. The pain and impact actions quote problem statements, which the lexicon
// often reads as resistance too ("we do not have the staff"), so for them only a detected
// objection counts (`lexicon` false).
export type ResistsTest = (sentence: AnalysedSentence, lexicon: boolean) => boolean

export function resistingSentences(
  objections: readonly DetectedObjection[],
  engagements: readonly Engagement[],
): ResistsTest {
  const quotesByEngagement = new Map<string, string[]>()
  for (const o of objections) {
    const list = quotesByEngagement.get(o.engagement.id)
    if (list) list.push(o.quote)
    else quotesByEngagement.set(o.engagement.id, [o.quote])
  }
  const cited = (sentence: AnalysedSentence): boolean => {
    const id = engagements[sentence.engagementIndex]?.id
    const quotes = id === undefined ? undefined : quotesByEngagement.get(id)
    if (!quotes) return false
    // An objection's quote is its cited sentences joined (quoteText), so each cited sentence's
    // own quote text is a part of it.
    const own = quoteText([sentence.text])
    return own.length > 0 && quotes.some((q) => q.includes(own))
  }
  // Every action asks about each sentence of its evidence, so one sentence is asked about
  // several times, each time searching every quote of its engagement: the answer is kept.
  const answers = new Map<AnalysedSentence, boolean>()
  return resistsWith((sentence) => {
    let answer = answers.get(sentence)
    if (answer === undefined) {
      answer = cited(sentence)
      answers.set(sentence, answer)
    }
    return answer
  })
}

// The same test with the objections' sentences given directly: training reads the labelled
// objections' sentences where the engine reads the detected ones' quotes.
export function resistsWith(cited: (sentence: AnalysedSentence) => boolean): ResistsTest {
  return (sentence, lexicon) =>
    sentence.role === 'buyer' &&
    ((lexicon && sentenceResistance(sentence).score >= RULE_RESISTANCE_THRESHOLD) ||
      cited(sentence))
}
