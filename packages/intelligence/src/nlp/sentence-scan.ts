import type { AnalysedSentence } from './analysed-sentence.js'
import { PatternPrefilter } from './pattern-prefilter.js'

// Several analysers try their own patterns against every sentence's normal form (quantities,
// the cue lexicon, the actions' vocabulary and cues, solution fit), each ruling most of them
// out first by a prefilter pass over the sentence (nlp/pattern-prefilter.ts). Their pattern
// groups are registered here, when their modules load, and one pass of one prefilter over all
// of them serves them all: the sentence's scan, kept on it.
const patterns: RegExp[] = []
let prefilter: PatternPrefilter | undefined
// Counts registrations: a scan made before a group was added lacks its flags.
let version = 0

// Which patterns of every group might match one text: the prefilter's literal bits for it.
export class SentenceScan {
  constructor(
    readonly prefilter: PatternPrefilter,
    readonly version: number,
    readonly bits: Uint32Array,
  ) {}
}

// One analyser's patterns among all of them.
export class ScanGroup {
  constructor(
    private readonly offset: number,
    readonly patterns: readonly RegExp[],
  ) {}

  // Whether its pattern k might match the scanned text (it has to run).
  mightMatch(scan: SentenceScan, k: number): boolean {
    return scan.prefilter.mightMatch(scan.bits, this.offset + k)
  }

  // Whether its pattern k matches the scanned text (for a pattern without the g flag).
  matches(scan: SentenceScan, k: number, text: string): boolean {
    return this.mightMatch(scan, k) && (this.patterns[k] as RegExp).test(text)
  }
}

export function scanGroup(group: readonly RegExp[]): ScanGroup {
  const registered = new ScanGroup(patterns.length, group)
  patterns.push(...group)
  prefilter = undefined
  version++
  return registered
}

// Whether a normal form ends with punctuation. A pattern holding none of these marks that is
// tried against sentences joined by spaces finds no match running across the end of such a
// sentence, so it finds there what it finds in each sentence alone.
const CLOSED = /[.?!,;:]$/

export function endsClosed(norm: string): boolean {
  return CLOSED.test(norm)
}

// The scan of any text (a sentence's normal form, or several joined).
export function scanText(text: string): SentenceScan {
  prefilter ??= new PatternPrefilter(patterns)
  return new SentenceScan(prefilter, version, prefilter.literalBits(text).slice())
}

// The scan of a sentence's normal form, made once.
export function sentenceScan(sentence: AnalysedSentence): SentenceScan {
  let scan = sentence.scan
  if (scan?.version !== version) {
    scan = scanText(sentence.norm)
    sentence.scan = scan
  }
  return scan
}
