import type { Engagement, SpeakerRole } from '@dealcoach/contracts/intelligence'
import { sentenceQuantityTypes } from './quantity-types.js'
import { plainSentenceSpans, sentenceSpans, tokenProperty, winkInstance } from './wink-instance.js'
import { readTokens } from './read-tokens.js'
import type { AnalysedSentence, AnalysedTurn } from './analysed-sentence.js'
import type { ResistanceScore } from '../objections/score-resistance.js'
import type { WordVectorSum } from './word-vectors.js'
import { scanText, type SentenceScan } from './sentence-scan.js'
import { rawBoundaries, RAW_TURN_MIN_WORDS, type Segmenter } from './segment-raw-text.js'
import { committedModel } from '../model/objection-model.js'
import { emailParts } from '../email/strip-reply.js'
import { wordTokens } from './word-tokens.js'
import type { NormalForm } from './normal-forms.js'
import { wordsOf, type Word } from './words.js'
import { ScratchList } from '../text/scratch-list.js'

export interface DealText {
  turns: AnalysedTurn[]
  sentences: AnalysedSentence[]
}

interface TurnSource {
  utteranceIndex: number | null
  speaker: string
  role: SpeakerRole
  text: string
  // The text on one tidy line (flatten below).
  flat: string
  signedOff?: boolean
}

const UNIT_SEPARATOR = '\n\n'

function emailRole(engagement: Engagement): SpeakerRole {
  if (engagement.direction === 'inbound') return 'buyer'
  if (engagement.direction === 'outbound') return 'seller'
  return 'unknown'
}

function turnSources(engagement: Engagement): TurnSource[] {
  if (engagement.utterances && engagement.utterances.length > 0) {
    return engagement.utterances.map((u, i) => ({
      utteranceIndex: i,
      speaker: u.speaker,
      role: u.role,
      text: u.text,
      flat: flatten(u.text),
    }))
  }
  // A body given directly (not parsed from an .eml) may still carry the quoted thread: the
  // other side's words there are not this sender's, nor is the sign-off a sentence of theirs.
  const { text: body, signedOff } = emailParts(engagement.body ?? '')
  if (body === '') return []
  return [
    {
      utteranceIndex: null,
      speaker: engagement.from ?? '',
      role: emailRole(engagement),
      text: body,
      flat: flatten(body),
      signedOff,
    },
  ]
}

// Each turn is flattened to one line so that the only blank lines in the joined text are the
// turn separators; wink then always breaks sentences between turns, and one readDoc call
// covers the whole engagement (one call per utterance would cost several times more).
const UNTIDY_CHARACTER = /[\n\r\t\f\v\u00a0]/

function flatten(text: string): string {
  // Most utterances are already one tidy line; skip the rewrite for them. (Two tests: one
  // pattern for both read the text more slowly than each alone.)
  const untidy = text.includes('  ') || UNTIDY_CHARACTER.test(text)
  return untidy ? text.replace(/\s+/g, ' ').trim() : text.trim()
}

function keepParagraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map(flatten)
    .filter((p) => p !== '')
    .join(UNIT_SEPARATOR)
}

// The joined words themselves (the same string) when there is nothing to rewrite.
function normalise(joined: string): string {
  if (!joined.includes('cannot') && !/[\u2018\u2019]/.test(joined)) return joined
  return joined.replace(/\bcannot\b/g, 'can not').replace(/[\u2018\u2019]/g, "'")
}

const SENTENCE_END = new Set(['.', '?', '!', ';'])

// Capitals other than a lone "I" mean someone typed the text; call-recorder output has none.
const TYPED = /(?!\bI\b)[A-Z]/
// A turn ended as a sentence is typed too, capitals or none: "I have to be honest though, the
// price you quoted is well above what we budgeted." was cut before "what" as call-recorder text,
// and its objection quoted without its end. Call-recorder text has no full stops at all.
const ENDED = /[.?!]["'\u2019\u201d)\]]*\s*$/
// A typed sentence this long with no punctuation inside is still run-on speech.
const RUN_ON_WORDS = 25

// Token ranges [first, last] of the pieces of one wink sentence: itself, or, when it is a
// long unpunctuated run of call-recorder text, the pieces the learned segmenter cuts it into.
function pieces(
  first: number,
  end: number,
  types: readonly string[],
  normals: readonly string[],
  typed: boolean,
  segmenter: Segmenter,
): [number, number][] {
  // Counted first: most sentences are short or punctuated and need no list of word positions.
  let wordCount = 0
  for (let t = first; t <= end; t++) {
    const type = types[t]
    if (type === 'tabCRLF') continue
    if (type === 'punctuation') {
      if (t < end && SENTENCE_END.has(normals[t] ?? '')) return [[first, end]]
      continue
    }
    wordCount++
  }
  if (wordCount < (typed ? RUN_ON_WORDS : RAW_TURN_MIN_WORDS)) return [[first, end]]
  const wordAt: number[] = []
  for (let t = first; t <= end; t++) {
    const type = types[t]
    if (type !== 'tabCRLF' && type !== 'punctuation') wordAt.push(t)
  }
  const words = wordAt.map((t) => normals[t] ?? '')
  const out: [number, number][] = []
  let start = first
  for (const b of rawBoundaries(words, segmenter)) {
    const last = wordAt[b] ?? end
    out.push([start, last])
    start = last + 1
  }
  out.push([start, end])
  return out
}

// wink's sentences of tokens first..last read on their own: the same sentences as in the
// whole text, since a blank line always ends a sentence there; null unless wink cuts the part
// into the same tokens.
function partSentences(
  text: string,
  starts: Int32Array,
  values: readonly string[],
  types: readonly string[],
  first: number,
  last: number,
): number[][] | null {
  // A blank line that opens the part opens its first sentence in the whole text; read alone,
  // wink would make it a sentence of its own.
  const from = types[first] === 'tabCRLF' ? first + 1 : first
  if (from > last) return null
  const part = text.slice(starts[from] ?? 0, (starts[last] ?? 0) + (values[last] ?? '').length)
  const doc = winkInstance().readDoc(part)
  const partValues = tokenProperty(doc.tokens(), 'value')
  if (partValues.length !== last - from + 1) return null
  for (let t = 0; t < partValues.length; t++) {
    if (partValues[t] !== values[from + t]) return null
  }
  const spans = sentenceSpans(doc).map(([a = 0, b = 0]) => [a + from, b + from])
  if (spans[0]) spans[0][0] = first
  return spans
}

// The text of tokens first..last: each word after its preceding spaces, line breaks left out.
function piecesText(
  first: number,
  last: number,
  types: readonly string[],
  values: readonly string[],
  spaces: readonly string[],
): string {
  const parts: string[] = []
  for (let t = first; t <= last; t++) {
    if (types[t] === 'tabCRLF') continue
    if (t !== first) parts.push(spaces[t] ?? '')
    parts.push(values[t] ?? '')
  }
  return parts.join('')
}

// The marks a run-on sentence is cut at, which end the clause before the cut.
const CLAUSE_MARK = /^[,;:\u2013\u2014-]$/

function isClauseMark(types: readonly string[], values: readonly string[], t: number): boolean {
  return types[t] === 'punctuation' && CLAUSE_MARK.test(values[t] ?? '')
}

/**
 * The tokens piece `c` of a cut sentence shows as its text: a clause reads as its own words, so
 * the mark it was cut at (", which brings…", ": if we…") ends the clause before it instead of
 * starting this one. Its words, and so everything the engine reads, stay as they were.
 */
function shownRange(
  cut: readonly (readonly [number, number])[],
  c: number,
  types: readonly string[],
  values: readonly string[],
): { first: number; last: number } {
  const [first, last] = cut[c] as readonly [number, number]
  let shownFirst = first
  if (c > 0) while (shownFirst < last && isClauseMark(types, values, shownFirst)) shownFirst++
  let shownLast = last
  const next = cut[c + 1]
  if (next && next[0] === last + 1) {
    while (shownLast + 1 < next[1] && isClauseMark(types, values, shownLast + 1)) shownLast++
  }
  return { first: shownFirst, last: shownLast }
}

// Sentences and turns, and the lists they keep, are made by constructors and array builtins
// (slice, Array.of), never by object or array literals: V8 pretenures a literal whose objects
// outlive young collections, as these do (they last the whole analysis), and dead old-space
// sentences then kept their young arrays and strings alive through every scavenge until the
// next full collection (≈9 % of a call's CPU).
const wordList = new ScratchList<string>()
const stemList = new ScratchList<string>()
const tokenWordList = new ScratchList<Word>()
const stemWordList = new ScratchList<Word>()

class Turn implements AnalysedTurn {
  readonly turnIndex: number
  readonly engagementIndex: number
  readonly utteranceIndex: number | null
  readonly speaker: string
  readonly role: SpeakerRole
  readonly text: string
  readonly sentences: AnalysedSentence[] = Array.of()
  readonly signedOff: boolean

  constructor(turnIndex: number, engagementIndex: number, source: TurnSource) {
    this.turnIndex = turnIndex
    this.engagementIndex = engagementIndex
    this.utteranceIndex = source.utteranceIndex
    this.speaker = source.speaker
    this.role = source.role
    this.text = source.text
    this.signedOff = source.signedOff ?? false
  }
}

class Sentence implements AnalysedSentence {
  readonly engagementIndex: number
  readonly turnIndex: number
  readonly utteranceIndex: number | null
  readonly speaker: string
  readonly role: SpeakerRole
  resistance: ResistanceScore | undefined = undefined
  resistanceInContext: ResistanceScore | undefined = undefined
  wordVectorSum: WordVectorSum | undefined = undefined
  typeVocabulary: Int32Array | undefined = undefined
  painStrength: number | undefined = undefined
  impactRank: number | undefined = undefined

  constructor(
    readonly index: number,
    turn: AnalysedTurn,
    readonly paragraphIndex: number,
    readonly text: string,
    readonly norm: string,
    readonly words: readonly string[] | undefined,
    readonly tokens: readonly string[],
    readonly tokenWords: readonly Word[],
    readonly stems: string[],
    readonly stemWords: readonly Word[],
    readonly entityTypes: readonly string[],
    readonly isQuestion: boolean,
    readonly segmented: boolean,
    public scan: SentenceScan | undefined,
  ) {
    this.engagementIndex = turn.engagementIndex
    this.turnIndex = turn.turnIndex
    this.utteranceIndex = turn.utteranceIndex
    this.speaker = turn.speaker
    this.role = turn.role
  }
}

export function analyseEngagements(
  engagements: readonly Engagement[],
  segmenter: Segmenter = defaultSegmenter(),
): DealText {
  const nlp = winkInstance()
  const turns: AnalysedTurn[] = []
  const sentences: AnalysedSentence[] = []

  engagements.forEach((engagement, engagementIndex) => {
    const sources = turnSources(engagement).filter((s) => s.flat !== '')
    if (sources.length === 0) return
    const firstTurn = turns.length
    for (const source of sources) {
      turns.push(new Turn(turns.length, engagementIndex, source))
    }
    // A single-turn engagement (an e-mail) keeps its paragraph breaks, which wink also
    // treats as sentence ends, so "Hi Aaron," stays apart from the first sentence.
    const text =
      sources.length === 1
        ? keepParagraphs(sources[0]?.text ?? '')
        : sources.map((s) => s.flat).join(UNIT_SEPARATOR)
    const { values, normals, types, spaces, forms, starts } = readTokens(text)

    let unit = 0
    let cursor = 0
    // Whether the current turn was typed, asked once per turn rather than per sentence.
    let typedTurn: AnalysedTurn | null = null
    let typed = false
    // wink's sentence breaker runs only on the parts whose ends are unclear, or on the whole
    // text when its words could not be placed in it.
    let spans = starts
      ? plainSentenceSpans(values, types, (first, last) =>
          partSentences(text, starts, values, types, first, last),
        )
      : null
    spans ??= sentenceSpans(nlp.readDoc(text))
    for (const span of spans) {
      const start = span[0] ?? 0
      const end = span[1] ?? start
      for (; cursor <= end; cursor++) {
        if (types[cursor] === 'tabCRLF' && cursor <= start) unit++
        else if (cursor >= start) break
      }
      let spanFirst = start
      while (spanFirst <= end && types[spanFirst] === 'tabCRLF') spanFirst++
      if (spanFirst > end) continue
      const turn = turns[firstTurn + Math.min(unit, sources.length - 1)]
      if (!turn) continue
      if (turn !== typedTurn) {
        typedTurn = turn
        typed = TYPED.test(turn.text) || ENDED.test(turn.text)
      }
      // Only calls are transcribed speech; an e-mail's long sentences are as its writer typed them.
      const cut =
        turn.utteranceIndex === null
          ? [[spanFirst, end] as [number, number]]
          : pieces(spanFirst, end, types, normals, typed, segmenter)
      for (let c = 0; c < cut.length; c++) {
        const [first, last] = cut[c] as [number, number]
        const shown = shownRange(cut, c, types, values)
        wordList.clear()
        stemList.clear()
        tokenWordList.clear()
        stemWordList.clear()
        let question = false
        let spaced = false
        let lineBreak = false
        // Whether every word is its own token (tokensOfWords would keep the list as it is).
        let unchanged = true
        let quantityWord = false
        for (let t = first; t <= last; t++) {
          const type = types[t]
          if (type === 'tabCRLF') {
            lineBreak = true
            continue
          }
          const form = forms[t] as NormalForm
          wordList.push(normals[t] as string)
          if (form.question) question = true
          if (form.spaced) spaced = true
          if (form.quantityWord) quantityWord = true
          if (type === 'word' && form.stem !== null) {
            stemList.push(form.stem.text)
            stemWordList.push(form.stem)
          }
          if (!form.unchanged) unchanged = false
          for (let k = 0; k < form.tokens.length; k++) tokenWordList.push(form.tokens[k] as Word)
        }
        const words = wordList.copy()
        const stems = stemList.copy()
        const joined = words.join(' ')
        const norm = normalise(joined)
        const ownWords = !spaced && norm === joined
        // The tokens of the words (tokensOfWords, word by word), or, where the text was
        // rewritten, of the rewritten text.
        const tokenWords = ownWords ? tokenWordList.copy() : wordsOf(wordTokens(norm))
        let tokens: readonly string[] = words
        if (!ownWords || !unchanged) tokens = tokenWords.map((word) => word.text)
        // One prefilter pass for every analyser's patterns (nlp/sentence-scan.ts).
        const scan = scanText(norm)
        const sentence = new Sentence(
          sentences.length,
          turn,
          sources.length === 1 ? unit : 0,
          starts && !lineBreak
            ? text.slice(
                starts[shown.first],
                (starts[shown.last] ?? 0) + (values[shown.last] ?? '').length,
              )
            : piecesText(shown.first, shown.last, types, values, spaces),
          norm,
          ownWords ? words : undefined,
          tokens,
          tokenWords,
          stems,
          stemWordList.copy(),
          sentenceQuantityTypes(norm, quantityWord, scan),
          question,
          cut.length > 1,
          scan,
        )
        sentences.push(sentence)
        turn.sentences.push(sentence)
      }
    }
  })
  return { turns, sentences }
}

function defaultSegmenter(): Segmenter {
  const model = committedModel()
  return { model: model.segmenter, threshold: model.segmenterThreshold }
}
