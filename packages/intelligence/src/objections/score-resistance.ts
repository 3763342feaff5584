import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { scanGroup, scanText, sentenceScan, type SentenceScan } from '../nlp/sentence-scan.js'
import { ScratchList } from '../text/scratch-list.js'
import { RESISTANCE_CUES, RESISTANCE_SUPPRESSORS } from './resistance-cues.js'

export interface ResistanceScore {
  score: number
  cues: string[]
  // Concepts evoked by the strongest cues; they steer type classification.
  concepts: string[]
  suppressedBy: string[]
}

// The cue lexicon's own line between resisting and not, for analysers that only need a quick
// "is this sentence pushing back?" (solution fit skips such sentences as evidence).
export const RULE_RESISTANCE_THRESHOLD = 0.6

const CONTRAST = /\b(?:but|though|tho|however|although|yet)\b/

const NEGATOR = /\b(?:not|never|no|hardly|without)\s+(?:\S+\s+){0,2}$/

function negatedBefore(text: string, index: number): boolean {
  return NEGATOR.test(text.slice(Math.max(0, index - 30), index))
}

// Kept on the sentence: detection and the handling judgement both read the buyer's turns.
export function sentenceResistance(sentence: AnalysedSentence): ResistanceScore {
  sentence.resistance ??= scoreResistance(sentence.norm, sentenceScan(sentence))
  return sentence.resistance
}

// Cues first, then suppressors: most sentences hold the literals of none of them, and only
// the patterns that might match are run.
const LEXICON_SCAN = scanGroup([
  ...RESISTANCE_CUES.map((c) => c.pattern),
  ...RESISTANCE_SUPPRESSORS.map((s) => s.pattern),
])

// A score lasts the whole analysis on its sentence, so it is made by a constructor and its
// lists copied out of scratch lists, not by literals V8 would pretenure (analyse-engagements.ts
// says why that costs).
class Score implements ResistanceScore {
  constructor(
    readonly score: number,
    readonly cues: string[],
    readonly concepts: string[],
    readonly suppressedBy: string[],
  ) {}
}

const cueList = new ScratchList<string>()
const conceptList = new ScratchList<string>()
const suppressorList = new ScratchList<string>()

// Scores one buyer sentence. Cues add up with diminishing returns; suppressors subtract.
export function scoreResistance(
  norm: string,
  scan: SentenceScan = scanText(norm),
): ResistanceScore {
  const cues = cueList
  const concepts = conceptList
  cues.clear()
  concepts.clear()
  let raw = 0
  let strongest = 0
  for (let i = 0; i < RESISTANCE_CUES.length; i++) {
    const cue = RESISTANCE_CUES[i] as (typeof RESISTANCE_CUES)[number]
    if (!LEXICON_SCAN.mightMatch(scan, i)) continue
    const match = cue.pattern.exec(norm)
    if (!match) continue
    if (cue.negatable && negatedBefore(norm, match.index)) continue
    cues.push(`${cue.id}: "${match[0]}"`)
    for (const concept of cue.concepts) concepts.push(concept)
    raw += cue.weight
    strongest = Math.max(strongest, cue.weight)
  }
  // The strongest cue counts fully, the rest at half weight: three weak hedges are not a
  // firm objection.
  let score = strongest + (raw - strongest) * 0.5
  const suppressedBy = suppressorList
  suppressedBy.clear()
  for (let i = 0; i < RESISTANCE_SUPPRESSORS.length; i++) {
    const suppressor = RESISTANCE_SUPPRESSORS[i] as (typeof RESISTANCE_SUPPRESSORS)[number]
    if (!LEXICON_SCAN.mightMatch(scan, RESISTANCE_CUES.length + i)) continue
    const match = suppressor.pattern.exec(norm)
    if (match) {
      // "Sounds good, but how do I know they are legit?": what follows the "but" stands.
      if (suppressor.id === 'agreement' && CONTRAST.test(norm.slice(match.index))) continue
      suppressedBy.push(suppressor.id)
      score -= suppressor.weight
    }
  }
  return new Score(Math.max(0, score), cues.copy(), concepts.copy(), suppressedBy.copy())
}
