import type { Engagement, SpeakerRole } from '@dealcoach/contracts/intelligence'
import { quantityTypes } from './quantity-types.js'
import { sentenceSpans, stemWord, tokenProperty, winkInstance } from './wink-instance.js'
import type { AnalysedSentence, AnalysedTurn } from './analysed-sentence.js'
import { STOP_WORDS } from './stop-words.js'
import { rawBoundaries, RAW_TURN_MIN_WORDS, type Segmenter } from './segment-raw-text.js'
import { committedModel } from '../model/objection-model.js'
import { tokensOfWords, wordTokens } from './word-tokens.js'

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
  const body = engagement.body?.trim() ?? ''
  if (body === '') return []
  return [
    {
      utteranceIndex: null,
      speaker: engagement.from ?? '',
      role: emailRole(engagement),
      text: body,
      flat: flatten(body),
    },
  ]
}

// Each turn is flattened to one line so that the only blank lines in the joined text are the
// turn separators; wink then always breaks sentences between turns, and one readDoc call
// covers the whole engagement (one call per utterance would cost several times more).
const UNTIDY_SPACE = /[\n\r\t\f\v\u00a0]| {2}/

function flatten(text: string): string {
  // Most utterances are already one tidy line; skip the rewrite for them.
  return UNTIDY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text.trim()
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

// The stem of a content word, or null for a stop word, one-letter word or contraction tail
// ("'s"): one lookup per token instead of a stop-word test and then a stem lookup.
const contentStems = new Map<string, string | null>()
const CONTENT_STEM_LIMIT = 50_000

function contentStem(normal: string): string | null {
  let stem = contentStems.get(normal)
  if (stem === undefined) {
    stem =
      normal.length > 1 && !normal.startsWith("'") && !STOP_WORDS.has(normal)
        ? stemWord(normal)
        : null
    if (contentStems.size >= CONTENT_STEM_LIMIT) contentStems.clear()
    contentStems.set(normal, stem)
  }
  return stem
}
// Capitals other than a lone "I" mean someone typed the text; call-recorder output has none.
const TYPED = /(?!\bI\b)[A-Z]/
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
      turns.push({
        turnIndex: turns.length,
        engagementIndex,
        utteranceIndex: source.utteranceIndex,
        speaker: source.speaker,
        role: source.role,
        text: source.text,
        sentences: [],
      })
    }
    // A single-turn engagement (an e-mail) keeps its paragraph breaks, which wink also
    // treats as sentence ends, so "Hi Aaron," stays apart from the first sentence.
    const text =
      sources.length === 1
        ? keepParagraphs(sources[0]?.text ?? '')
        : sources.map((s) => s.flat).join(UNIT_SEPARATOR)
    const doc = nlp.readDoc(text)
    const tokens = doc.tokens()
    const values = tokenProperty(tokens, 'value')
    const normals = tokenProperty(tokens, 'normal')
    const types = tokenProperty(tokens, 'type')
    const spaces = tokenProperty(tokens, 'precedingSpaces')

    let unit = 0
    let cursor = 0
    // Whether the current turn was typed, asked once per turn rather than per sentence.
    let typedTurn: AnalysedTurn | null = null
    let typed = false
    for (const span of sentenceSpans(doc)) {
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
        typed = TYPED.test(turn.text)
      }
      // Only calls are transcribed speech; an e-mail's long sentences are as its writer typed them.
      const cut =
        turn.utteranceIndex === null
          ? [[spanFirst, end] as [number, number]]
          : pieces(spanFirst, end, types, normals, typed, segmenter)
      for (const [first, last] of cut) {
        const words: string[] = []
        const stems: string[] = []
        const textParts: string[] = []
        let question = false
        let spaced = false
        for (let t = first; t <= last; t++) {
          const type = types[t]
          if (type === 'tabCRLF') continue
          const normal = normals[t] ?? ''
          words.push(normal)
          if (normal === '?') question = true
          if (normal.includes(' ')) spaced = true
          // The space and the word are joined with the rest of the sentence, not first
          // with each other: one string fewer per token.
          if (t !== first) textParts.push(spaces[t] ?? '')
          textParts.push(values[t] ?? '')
          if (type === 'word') {
            const stem = contentStem(normal)
            if (stem !== null) stems.push(stem)
          }
        }
        const joined = words.join(' ')
        const norm = normalise(joined)
        const ownWords = !spaced && norm === joined
        const sentence: AnalysedSentence = {
          index: sentences.length,
          engagementIndex,
          turnIndex: turn.turnIndex,
          utteranceIndex: turn.utteranceIndex,
          paragraphIndex: sources.length === 1 ? unit : 0,
          speaker: turn.speaker,
          role: turn.role,
          text: textParts.join(''),
          norm,
          words: ownWords ? words : undefined,
          tokens: ownWords ? tokensOfWords(words) : wordTokens(norm),
          stems,
          entityTypes: quantityTypes(norm, words),
          isQuestion: question,
          segmented: cut.length > 1,
        }
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
