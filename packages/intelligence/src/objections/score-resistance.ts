import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
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

const scored = new WeakMap<AnalysedSentence, ResistanceScore>()

// Memoised per analysed sentence: detection and the handling judgement both read the
// buyer's turns.
export function sentenceResistance(sentence: AnalysedSentence): ResistanceScore {
  let score = scored.get(sentence)
  if (!score) {
    score = scoreResistance(sentence.norm)
    scored.set(sentence, score)
  }
  return score
}

// Scores one buyer sentence. Cues add up with diminishing returns; suppressors subtract.
export function scoreResistance(norm: string): ResistanceScore {
  const cues: string[] = []
  const concepts: string[] = []
  let raw = 0
  let strongest = 0
  for (const cue of RESISTANCE_CUES) {
    const match = cue.pattern.exec(norm)
    if (!match) continue
    if (cue.negatable && negatedBefore(norm, match.index)) continue
    cues.push(`${cue.id}: "${match[0]}"`)
    concepts.push(...cue.concepts)
    raw += cue.weight
    strongest = Math.max(strongest, cue.weight)
  }
  // The strongest cue counts fully, the rest at half weight: three weak hedges are not a
  // firm objection.
  let score = strongest + (raw - strongest) * 0.5
  const suppressedBy: string[] = []
  for (const suppressor of RESISTANCE_SUPPRESSORS) {
    const match = suppressor.pattern.exec(norm)
    if (match) {
      // "Sounds good, but how do I know they are legit?": what follows the "but" stands.
      if (suppressor.id === 'agreement' && CONTRAST.test(norm.slice(match.index))) continue
      suppressedBy.push(suppressor.id)
      score -= suppressor.weight
    }
  }
  return { score: Math.max(0, score), cues, concepts, suppressedBy }
}
