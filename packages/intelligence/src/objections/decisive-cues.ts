import type { AnalysedSentence } from '../nlp/analysed-sentence.js'
import { sentenceResistance } from './score-resistance.js'

// Cues whose wording is an objection wherever it is said, so they count even in a call where
// the detector finds resistance throughout and the rest of the lexicon's verdicts do not
// (lexicon-gate.ts): deferring to someone else's authority ("I will have to run it by the
// board", "let me check with my VP first"; on the training calls every sentence the
// authority cue fires on is a labelled objection, 5 of 5) and weighing another vendor ("we
// are also talking to <a named vendor>"). The detector, which has seen few of either, scored
// such turns 0.1-0.2 in a call full of other objections (QA on the demo workspace).
const DECISIVE_CUES: ReadonlySet<string> = new Set(['authority', 'alternative'])

function cueId(cue: string): string {
  const cut = cue.indexOf(':')
  return cut >= 0 ? cue.slice(0, cut) : cue
}

// Whether one of the sentences resists (lexicon score at least `threshold`) through a
// decisive cue.
export function hasDecisiveCue(sentences: readonly AnalysedSentence[], threshold: number): boolean {
  return sentences.some((s) => {
    if (s.role !== 'buyer') return false
    const resistance = sentenceResistance(s)
    return resistance.score >= threshold && resistance.cues.some((c) => DECISIVE_CUES.has(cueId(c)))
  })
}

// Whether the sentences that carry a flagged objection only rule the competition out ("we are
// not looking at anyone else", "we do not use any other tool"): the detector reads their
// negations as resistance, but they say the opposite of a competitor objection.
export function onlyDeniesAlternatives(
  cited: readonly AnalysedSentence[],
  threshold: number,
): boolean {
  return (
    cited.length > 0 &&
    cited.every((s) => {
      const resistance = sentenceResistance(s)
      return resistance.score < threshold && resistance.suppressedBy.includes('no-alternative')
    })
  )
}
