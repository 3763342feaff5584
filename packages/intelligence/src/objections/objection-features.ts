import type { AnalysedSentence, AnalysedTurn } from '../nlp/analysed-sentence.js'
import type { DealText } from '../nlp/analyse-engagements.js'
import { conceptsOf } from '../nlp/concept-lexicon.js'
import { ruleResistance } from './haggle-context.js'
import type { ObjectionUnit } from './objection-units.js'

// Call-recorder text drops apostrophes; these spellings carry the negation the detector
// needs ("we dont have budget").
const BARE_CONTRACTIONS: Record<string, string[]> = {
  dont: ['do', 'not'],
  doesnt: ['does', 'not'],
  didnt: ['did', 'not'],
  cant: ['can', 'not'],
  wont: ['will', 'not'],
  isnt: ['is', 'not'],
  arent: ['are', 'not'],
  wasnt: ['was', 'not'],
  werent: ['were', 'not'],
  havent: ['have', 'not'],
  hasnt: ['has', 'not'],
  couldnt: ['could', 'not'],
  wouldnt: ['would', 'not'],
  shouldnt: ['should', 'not'],
  im: ['i', 'am'],
  ive: ['i', 'have'],
  youre: ['you', 'are'],
  theyre: ['they', 'are'],
  thats: ['that', 'is'],
  whats: ['what', 'is'],
}

const WORD = /[a-z0-9]/
const DIGITS = /\d+/g
const HAS_DIGIT = /\d/

// Lower-case word tokens of a normalised sentence, punctuation dropped, digits folded so
// that "$12,000" and "$40,000" look alike.
export function wordTokens(norm: string): string[] {
  const out: string[] = []
  for (const raw of norm.split(' ')) {
    if (!WORD.test(raw)) continue
    const token = HAS_DIGIT.test(raw) ? raw.replace(DIGITS, '9') : raw
    const expanded = BARE_CONTRACTIONS[token]
    if (expanded) out.push(...expanded)
    else out.push(token)
  }
  return out
}

const NEGATORS = new Set(['not', 'no', 'never', 'nothing', 'none', 'nobody', 'without', 'hardly'])
const HYPOTHETICAL = new Set(['if', 'suppose', 'imagine', 'unless', 'whether'])
const SCOPE = 3

function addWordFeatures(features: Set<string>, tokens: readonly string[], prefix: string): void {
  let negation = 0
  let hypothetical = 0
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string
    features.add(`${prefix}w:${token}`)
    const next = tokens[i + 1]
    if (next !== undefined) features.add(`${prefix}b:${token} ${next}`)
    if (negation > 0) {
      features.add(`${prefix}n:${token}`)
      negation--
    }
    if (hypothetical > 0) {
      features.add(`${prefix}h:${token}`)
      hypothetical--
    }
    if (NEGATORS.has(token)) negation = SCOPE
    if (HYPOTHETICAL.has(token)) hypothetical = SCOPE + 1
  }
}

function lengthBucket(count: number): string {
  if (count <= 3) return 'xs'
  if (count <= 8) return 's'
  if (count <= 20) return 'm'
  if (count <= 40) return 'l'
  return 'xl'
}

function scoreBucket(score: number): string {
  if (score <= 0) return '0'
  return String(Math.min(5, Math.ceil(score / 0.3)))
}

const tokensOf = new WeakMap<AnalysedSentence, string[]>()

// Memoised per sentence: detection, typing and handling all read the same turns.
export function sentenceTokens(sentence: AnalysedSentence): string[] {
  let tokens = tokensOf.get(sentence)
  if (!tokens) {
    tokens = wordTokens(sentence.norm)
    tokensOf.set(sentence, tokens)
  }
  return tokens
}

export function sentencesTokens(sentences: readonly AnalysedSentence[]): string[] {
  if (sentences.length === 1 && sentences[0]) return sentenceTokens(sentences[0])
  return sentences.flatMap(sentenceTokens)
}

// The seller's turn before says whether the buyer is answering a question. Its words were
// tried as features too and lowered the cross-validated F1, so only its shape counts.
function contextFeatures(features: Set<string>, turn: AnalysedTurn | null, prefix: string): void {
  if (!turn) {
    features.add(`${prefix}none`)
    return
  }
  if (turn.sentences.some((s) => s.isQuestion)) features.add(`${prefix}?`)
}

// The features of one sentence alone: what the detector's weights are read against to say
// which sentences of a turn carry the objection.
export function sentenceFeatures(text: DealText, sentence: AnalysedSentence): Set<string> {
  const features = new Set<string>()
  addWordFeatures(features, sentenceTokens(sentence), '')
  if (sentence.isQuestion) features.add('q')
  features.add(`r:${scoreBucket(ruleResistance(text, sentence).score)}`)
  return features
}

// How the seller answers says much about what the buyer said: "that's a fair concern", "we
// can cap the price" follow objections, "great, next slide" does not. Its words, stems and
// concepts raised the cross-validated F1 by about 0.03.
function sellerReplyFeatures(features: Set<string>, text: DealText, unit: ObjectionUnit): void {
  const next = text.turns[unit.turn.turnIndex + 1]
  if (!next || next.role !== 'seller' || next.engagementIndex !== unit.turn.engagementIndex) {
    features.add('n:none')
    return
  }
  const stems = next.sentences.flatMap((s) => s.stems)
  for (const token of sentencesTokens(next.sentences)) features.add(`nw:${token}`)
  for (const stem of stems) features.add(`ns:${stem}`)
  for (const concept of conceptsOf(stems)) features.add(`nc:${concept}`)
}

// The cue lexicon was written for whole utterances: a raw run the segmenter cut into pieces
// is scored as the one run the speaker said, so a cue that spans a cut still counts.
function ruleSentences(unit: ObjectionUnit): readonly AnalysedSentence[] {
  const first = unit.sentences[0]
  if (!first || !unit.sentences.some((s) => s.segmented)) return unit.sentences
  const whole = unit.sentences.filter((s) => s.segmented)
  const rest = unit.sentences.filter((s) => !s.segmented)
  const joined: AnalysedSentence = {
    ...(whole[0] ?? first),
    norm: whole.map((s) => s.norm).join(' '),
    stems: whole.flatMap((s) => s.stems),
    isQuestion: whole.some((s) => s.isQuestion),
    segmented: false,
  }
  return [joined, ...rest]
}

// Everything the detector reads about one unit: its words and word pairs, words in the scope
// of a negation or a hypothetical, stems and concepts, whether it asks, its length, the cue lexicon's verdict and
// whether the seller's turn before it asked a question and the seller's answer after it.
export function unitFeatures(text: DealText, unit: ObjectionUnit): Set<string> {
  return unitFeaturesWithRule(text, unit).features
}

// The features plus the cue lexicon's best score over the unit's sentences.
export function unitFeaturesWithRule(
  text: DealText,
  unit: ObjectionUnit,
): { features: Set<string>; rule: number } {
  const features = new Set<string>()
  const tokens = sentencesTokens(unit.sentences)
  addWordFeatures(features, tokens, '')
  features.add(`l:${lengthBucket(tokens.length)}`)
  features.add(`u:${unit.kind}`)
  if (unit.sentences.some((s) => s.isQuestion)) features.add('q')
  let best = 0
  for (const sentence of ruleSentences(unit)) {
    const rule = ruleResistance(text, sentence)
    best = Math.max(best, rule.score)
    for (const cue of rule.cues) features.add(`k:${cue.slice(0, cue.indexOf(':'))}`)
  }
  features.add(`r:${scoreBucket(best)}`)
  // Stems and the sales concepts they evoke let wordings the training calls never used meet
  // the ones they did ("steep" and "expensive" are both money).
  const stems = unit.sentences.flatMap((s) => s.stems)
  for (const concept of conceptsOf(stems)) features.add(`c:${concept}`)
  for (const stem of stems) features.add(`s:${stem}`)
  if (unit.kind === 'turn') contextFeatures(features, unit.previousSeller, 'p')
  if (unit.kind === 'turn') sellerReplyFeatures(features, text, unit)
  return { features, rule: best }
}
