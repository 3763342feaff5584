import { isQuantityWord } from './quantity-types.js'
import { STOP_WORDS } from './stop-words.js'
import { stemWord } from './wink-instance.js'
import { tokensOfWords } from './word-tokens.js'
import { wordOf, type Word } from './words.js'

// What one of wink's normal forms ("we", "can", "$9,999", "dont") gives a sentence, worked
// out once per process instead of once per token: its word tokens (what `tokensOfWords`
// makes of it: none for punctuation, digits folded, bare contractions expanded) and, for a
// word token of wink's, its content stem.
export class NormalForm {
  constructor(
    readonly tokens: readonly Word[],
    // The tokens are the form itself, unchanged.
    readonly unchanged: boolean,
    // The Porter stem, or null for a stop word, a one-letter word or a contraction tail
    // ("'s").
    readonly stem: Word | null,
    // The form is a question mark; it holds a space (a few of wink's forms do); it is a word
    // that can make a quantity (quantity-types.ts).
    readonly question: boolean,
    readonly spaced: boolean,
    readonly quantityWord: boolean,
  ) {}
}

function contentStem(normal: string): Word | null {
  if (normal.length <= 1 || normal.startsWith("'") || STOP_WORDS.has(normal)) return null
  return wordOf(stemWord(normal))
}

// Conversation vocabulary is small; the table is emptied if a process meets an unusually
// large one.
const forms = new Map<string, NormalForm>()
const FORM_LIMIT = 50_000

export function normalForm(normal: string): NormalForm {
  let form = forms.get(normal)
  if (form === undefined) {
    const tokens = tokensOfWords([normal])
    form = new NormalForm(
      tokens.map(wordOf),
      tokens.length === 1 && tokens[0] === normal,
      contentStem(normal),
      normal === '?',
      normal.includes(' '),
      isQuantityWord(normal),
    )
    if (forms.size >= FORM_LIMIT) forms.clear()
    forms.set(normal, form)
  }
  return form
}
