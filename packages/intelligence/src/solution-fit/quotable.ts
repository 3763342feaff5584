import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { isCourtesyStem } from '../nlp/courtesy.js'

// What every quoted sentence (a solution-fit evidence ref, an action's result) must clear
// before its own criterion or action is asked: users read the quotes to trust the scores, so
// small talk that happens to hold a number, a weekday or a generic word is never one.

// Stems that name no topic: any conversation uses them, so sharing one with an action or a
// value proposition says nothing about being about it ("That is a lot of time." and "with a
// date" for agreeing next steps). The verbs of going over something with the buyer (identify,
// understand, review, discuss) are the act, not its topic: "most reviews finish within two
// weeks" is no quote for "Review adoption with the customer".
export const GENERIC_STEMS: ReadonlySet<string> = new Set(
  `time lot thing way today day week month year hour minut point peopl work make take get go come
  want need look see know think say tell let good great well also specif concret main new use
  help one two three first last next sure right realli just like much mani buyer seller prospect
  identifi understand learn find date monday tuesday wednesday thursday friday saturday sunday
  morn afternoon review discuss`.split(/\s+/),
)

// Fewer words than this say nothing on their own ("Busy, honestly.", "Sure thing.").
export const MIN_QUOTE_WORDS = 4
// A pleasantry this short, with no figure in it, is only a pleasantry; a longer sentence that
// opens with thanks can still carry content.
const PLEASANTRY_MAX_WORDS = 10

// Greetings, thanks, goodbyes, how-are-you and apologies: conversational glue in any sales
// conversation, whatever the deal is about.
const PLEASANTRY =
  /\b(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks|thank you|appreciate (?:it|you|your time)|(?:happy|glad|great|nice) to (?:be here|meet|see|hear|connect|finally)|how (?:are|is|was|has|have) (?:you|your|the|things|it|everything)\b.*\b(?:been|going|doing|treating)|how are you|no worries|no problem at all|sorry (?:about|for)|congratulations|talk soon|speak soon|bye|have a (?:good|great|nice)|take care|see you)\b/

function wordCount(s: AnalysedSentence): number {
  return s.tokens.length
}

// The stems a pleasantry is made of: what is left of one without them is its content.
const PLEASANTRY_STEMS: ReadonlySet<string> = new Set(
  `thank happi glad nice great good morn afternoon even hello hi hei bye sorri worri congratul
  appreci meet connect speak talk soon forward honest busi hectic go quarter week weekend`.split(
    /\s+/,
  ),
)

// A stem of content: neither generic nor a pleasantry's.
const isContentStem = (stem: string) => !GENERIC_STEMS.has(stem) && !PLEASANTRY_STEMS.has(stem)

// Whether a sentence names any topic: a stem of content.
export function namesATopic(s: AnalysedSentence): boolean {
  return s.stems.some(isContentStem)
}

// Whether a sentence is too slight to quote: very short, or a short pleasantry with at most
// one word of content ("Happy to be here.", "How has the quarter been going?"; not "Thanks, we
// received your offer.").
export function isSmallTalk(s: AnalysedSentence): boolean {
  const words = wordCount(s)
  if (words < MIN_QUOTE_WORDS) return true
  if (words > PLEASANTRY_MAX_WORDS || !PLEASANTRY.test(s.norm) || /[\d$€£%]/.test(s.norm))
    return false
  let content = 0
  for (const stem of new Set(s.stems)) if (isContentStem(stem)) content++
  return content < 2
}

// The content stems of a sentence that also occur in `stems`, topic-bearing ones only, and
// none of `besides` (a product's name).
export function sharedContentStems(
  s: AnalysedSentence,
  stems: ReadonlySet<string>,
  besides?: ReadonlySet<string>,
): number {
  // Most sentences share nothing: the distinct shared stems are kept only once there is one.
  let shared: Set<string> | undefined
  for (const stem of s.stems) {
    if (!stems.has(stem) || GENERIC_STEMS.has(stem) || besides?.has(stem)) continue
    if (isCourtesyStem(stem, s.norm)) continue
    ;(shared ??= new Set()).add(stem)
  }
  return shared?.size ?? 0
}

// The best `limit` of `candidates` that `keep` accepts, highest `rank` first (ties in
// conversation order), each wording once: a buyer who says the same sentence in two calls is
// quoted once.
export function bestQuotes<T>(
  candidates: readonly T[],
  sentenceOf: (c: T) => AnalysedSentence,
  rank: (c: T) => number,
  limit: number,
): T[] {
  const seen = new Set<string>()
  const kept: { c: T; r: number; i: number }[] = []
  for (const c of candidates) {
    const s = sentenceOf(c)
    if (seen.has(s.norm)) continue
    seen.add(s.norm)
    const r = rank(c)
    if (r > 0) kept.push({ c, r, i: s.index })
  }
  kept.sort((a, b) => b.r - a.r || a.i - b.i)
  return kept.slice(0, limit).map((k) => k.c)
}
