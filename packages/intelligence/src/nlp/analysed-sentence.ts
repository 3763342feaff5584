import type { SpeakerRole } from '@dealcoach/contracts/intelligence'
import type { ResistanceScore } from '../objections/score-resistance.js'
import type { SentenceScan } from './sentence-scan.js'
import type { WordVectorSum } from './word-vectors.js'
import type { Word } from './words.js'

// One sentence of one turn, with everything the analysers read precomputed once.
export interface AnalysedSentence {
  // Position in the deal's sentence list (engagements in input order, then turn order).
  index: number
  engagementIndex: number
  // Index of the turn (utterance, or the whole e-mail) across the deal; adjacent turns are
  // what reply-based judgements walk over.
  turnIndex: number
  // 0-based utterance index inside a transcript; null for e-mail and notes.
  utteranceIndex: number | null
  // Paragraph inside an e-mail body (0 for call turns).
  paragraphIndex: number
  speaker: string
  role: SpeakerRole
  text: string
  // Lower-case normal forms joined by single spaces, contractions expanded ("can not",
  // "do not"), so cue patterns are written once against one spelling.
  norm: string
  // wink's normal forms, set only when `norm` is exactly them joined by single spaces (no
  // contraction or quote was rewritten): the same tokens as splitting `norm`, as the shared
  // strings of wink's vocabulary, whose hashes every later lookup reuses.
  words?: readonly string[] | undefined
  // Word tokens for the feature extractors (nlp/word-tokens.ts): punctuation dropped, digits
  // folded, bare contractions expanded. Made here once: every stage reads them, several times.
  tokens: readonly string[]
  // The same tokens as words (nlp/words.ts), for the extractors that look words up.
  tokenWords: readonly Word[]
  // Porter stems of the content words (stop words and punctuation removed).
  stems: string[]
  // The same stems as words.
  stemWords: readonly Word[]
  // Quantity types found in the sentence: MONEY, PERCENT, DURATION, DATE, CARDINAL.
  entityTypes: readonly string[]
  isQuestion: boolean
  // A piece the raw-text segmenter cut from a longer unpunctuated run.
  segmented: boolean
  // The cue lexicon's score (objections/score-resistance.ts) and that score with the haggling
  // context (objections/haggle-context.ts), kept on first use: several stages ask for them.
  // Slots on the sentence rather than WeakMaps keyed by it: a WeakMap's table outlives every
  // deal, holding hundreds of thousands of dead entries between full collections, and each
  // entry costs the young-generation collector work.
  resistance?: ResistanceScore | undefined
  resistanceInContext?: ResistanceScore | undefined
  // The sum of its words' vectors in a word-vector table (nlp/word-vectors.ts), kept on first
  // use by typing.
  wordVectorSum?: WordVectorSum | undefined
  // Which patterns of the analysers might match its normal form (nlp/sentence-scan.ts).
  scan?: SentenceScan | undefined
  // How often it names each default objection type's vocabulary (objections/type-vocabulary.ts).
  typeVocabulary?: Int32Array | undefined
  // How strongly it states a problem and puts a number on its cost
  // (solution-fit/fit-quotes.ts), kept on first use: the actions' quotes ask for every piece
  // of their evidence, the solution fit for its own.
  painStrength?: number | undefined
  impactRank?: number | undefined
}

export interface AnalysedTurn {
  turnIndex: number
  engagementIndex: number
  utteranceIndex: number | null
  speaker: string
  role: SpeakerRole
  text: string
  sentences: AnalysedSentence[]
  /** An e-mail whose sign-off was left out of its sentences (email/strip-reply.ts). */
  signedOff?: boolean
}
