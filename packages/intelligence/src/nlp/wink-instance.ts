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
