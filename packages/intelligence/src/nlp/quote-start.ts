import type { AnalysedSentence } from './analysed-sentence.js'
import type { DealText } from './analyse-engagements.js'
import { quoteText } from './quote-text.js'

// A quote must read on its own. A piece cut from run-on speech, or a clause the sentence
// breaker split at a conjunction, can open mid-thought ("and our standard terms today, and
// let's…", "which is why…"): the words before it, in the same turn, are what it continues.

// Words that continue what was said before: coordinating conjunctions and relative or
// subordinate openers that need their main clause.
// ("So", "Then" and "That" open new thoughts as often; they stay as they are.)
const CONTINUES =
  /^(?:and|or|but|plus|which|whom|whose|because|cause|cos|as well as|than|nor|or else)\b/

// A typed sentence end: what follows it opens a sentence of its own ("And that is why…"
// after a full stop reads as said).
const ENDED = /[.?!…]["'\u201d\u2019)]*$/

// Sentences joined before this one, at most this many, so a quote stays a quote.
const MAX_JOINED = 2

// A typed "sentence" longer than this is run-on speech that happens to end with a full stop
// (a transcriber's last mark): its pieces are quoted as pieces.
const MAX_WHOLE_WORDS = 60

function ended(s: AnalysedSentence): boolean {
  return ENDED.test(s.text.trimEnd())
}

/**
 * The pieces of the typed sentence that `s` was cut from, in order, when the segmenter cut a
 * long one (25 words or more with no full stop inside: "…, and our DPO will not sign off" |
 * "anything hosted outside the UK."): from the piece after the last that ended a sentence to
 * the first that ends one. Null for a sentence that was not cut, for call-recorder text, whose
 * runs end with no full stop, and for a run longer than MAX_WHOLE_WORDS.
 */
export function typedSentenceOf(text: DealText, s: AnalysedSentence): AnalysedSentence[] | null {
  if (!s.segmented) return null
  const sameRun = (other: AnalysedSentence | undefined): other is AnalysedSentence =>
    other !== undefined &&
    other.segmented &&
    other.turnIndex === s.turnIndex &&
    other.paragraphIndex === s.paragraphIndex
  let last = s
  while (!ended(last)) {
    const next = text.sentences[last.index + 1]
    if (!sameRun(next)) return null
    last = next
  }
  let first = s
  for (;;) {
    const before = text.sentences[first.index - 1]
    if (!sameRun(before) || ended(before)) break
    first = before
  }
  const whole = text.sentences.slice(first.index, last.index + 1)
  const words = whole.reduce((sum, piece) => sum + piece.tokens.length, 0)
  return words <= MAX_WHOLE_WORDS ? whole : null
}

/**
 * The sentences a quote of `s` shows, in order: the whole typed sentence it was cut from;
 * otherwise `s`, led by the sentences of its turn it continues when it opens with a
 * conjunction or relative word after an unended piece.
 */
export function quoteSentences(text: DealText, s: AnalysedSentence): AnalysedSentence[] {
  const typed = typedSentenceOf(text, s)
  if (typed) return typed
  const out = [s]
  let current = s
  for (let k = 0; k < MAX_JOINED && CONTINUES.test(current.norm); k++) {
    const before = text.sentences[current.index - 1]
    if (!before || before.turnIndex !== current.turnIndex || ended(before)) break
    out.unshift(before)
    current = before
  }
  return out
}

/** The text a quote of `s` shows: its quoteSentences as one quote. */
export function sentenceQuote(text: DealText, s: AnalysedSentence): string {
  return quoteText(quoteSentences(text, s).map((q) => q.text))
}
