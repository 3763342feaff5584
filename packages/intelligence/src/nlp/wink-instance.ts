import winkNLP, { type Document, type ItsHelpers, type Tokens, type WinkMethods } from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

let instance: WinkMethods | undefined

// Loading the model costs ~70 ms, so it is built once per process, on first use. Only
// sentence breaking runs: nothing here reads sentiment, POS tags or wink's negation flags
// (cue patterns handle negation), and quantities come from quantity-types.ts; the full pipe
// would cost about twice the time per transcript.
export function winkInstance(): WinkMethods {
  instance ??= winkNLP(model, ['sbd'])
  return instance
}

const stemCache = new Map<string, string>()
const STEM_CACHE_LIMIT = 50_000

// Porter stem of one lower-case word, memoised: conversation vocabulary is small and
// repetitive, and stemming every token costs more than wink's whole tokenizer.
export function stemWord(word: string): string {
  let stem = stemCache.get(word)
  if (stem === undefined) {
    const addons = (model as unknown as { addons: { stem: (w: string) => string } }).addons
    stem = addons.stem(word)
    if (stemCache.size >= STEM_CACHE_LIMIT) stemCache.clear()
    stemCache.set(word, stem)
  }
  return stem
}

// wink's `its` helpers are plain functions that never read `this`; they are handed out from
// this one place so callers never detach them from the object themselves.
function its<K extends keyof ItsHelpers>(name: K): ItsHelpers[K] {
  return winkInstance().its[name]
}

export type TokenProperty = 'value' | 'normal' | 'type' | 'precedingSpaces'

export function tokenProperty(tokens: Tokens, property: TokenProperty): string[] {
  return tokens.out<string>(its(property))
}

function spans(values: unknown[]): number[][] {
  return values.map((v) => (Array.isArray(v) ? v.map(Number) : []))
}

// [first, last] token index of each sentence.
export function sentenceSpans(doc: Document): number[][] {
  return spans(doc.sentences().out<number[]>(its('span')))
}

const SENTENCE_ENDS: ReadonlySet<string> = new Set(['.', '?', '!'])
const FULL_STOP = 46

// After a word with its own full stop ("in.", "no.", "Mr."), wink ends the sentence before
// some capitalised words and not others ("in. I know" ends, "Mr. Smith" does not), by rules
// of its own; it never ends it before a lower-case word or a digit ("no. i think", "no. 5"),
// and a blank line or the end of the text after it are read as after any word.
function continuesAfterAbbreviation(next: string | undefined, type: string | undefined): boolean {
  if (next === undefined || type === 'tabCRLF') return true
  const code = next.charCodeAt(0)
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
}

// Whether token t is a sentence end wink may read by rules of its own: an end followed by
// more punctuation ("?!", '."', "..."), or a word with its own full stop followed by a
// capitalised word ("in. I", "Mr. Smith").
function unclearEnd(values: readonly string[], types: readonly string[], t: number): boolean {
  const value = values[t] ?? ''
  if (types[t] === 'punctuation') {
    return SENTENCE_ENDS.has(value) && t + 1 < values.length && types[t + 1] === 'punctuation'
  }
  return (
    value.length > 1 &&
    value.charCodeAt(value.length - 1) === FULL_STOP &&
    !continuesAfterAbbreviation(values[t + 1], types[t + 1])
  )
}

// wink's sentences of tokens first..last (one blank-line-separated part, with the blank line
// after it when there is one), as absolute [first, last] spans; null if it cannot say.
export type PartSentences = (first: number, last: number) => number[][] | null

// [first, last] token index of each sentence, as wink's sentence breaker gives them, without
// running it where the ends are plain: a lone ".", "?" or "!" ends a sentence, and a blank
// line ends one unless a sentence has just ended (wink then opens the next sentence with it).
// A part (between blank lines) holding an unclear end is handed to wink (`readPart`). Null
// when that fails: the caller then asks wink for the whole text.
export function plainSentenceSpans(
  values: readonly string[],
  types: readonly string[],
  readPart: PartSentences,
): number[][] | null {
  const out: number[][] = []
  let first = 0
  const count = values.length
  for (let t = 0; t < count; t++) {
    const type = types[t]
    if (type === 'tabCRLF') {
      if (t > first) {
        out.push([first, t])
        first = t + 1
      }
      continue
    }
    if (unclearEnd(values, types, t)) {
      let last = t
      while (last + 1 < count && types[last + 1] !== 'tabCRLF') last++
      const blankAfter = last + 1 < count
      if (blankAfter) last++
      const spans = readPart(first, last)
      if (spans === null) return null
      let next = first
      for (const span of spans) {
        const [a, b] = span as [number, number]
        if (a !== next || b < a) return null
        next = b + 1
        // A lone blank line after a closed sentence opens the next one, as in the whole text.
        if (blankAfter && a === last) break
        out.push(span)
      }
      if (next !== last + 1) return null
      first = blankAfter && (out[out.length - 1]?.[1] ?? -1) < last ? last : last + 1
      t = last
      continue
    }
    if (type !== 'punctuation' || !SENTENCE_ENDS.has(values[t] ?? '')) continue
    out.push([first, t])
    first = t + 1
  }
  if (first < count) out.push([first, count - 1])
  return out
}
