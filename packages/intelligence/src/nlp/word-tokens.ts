// The lower-case word tokens every feature extractor reads (detector, typing, handling):
// punctuation dropped, digits folded so that "$12,000" and "$40,000" look alike, and the bare
// contractions of call-recorder text expanded. Computed once per sentence when the text is
// analysed (`AnalysedSentence.tokens`).

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

// Looked up through a Map: indexing the object literal would also "find" words such as
// "constructor" and crash on them.
const CONTRACTIONS = new Map(Object.entries(BARE_CONTRACTIONS))

const DIGITS = /\d+/g

// What a raw token holds: a letter or digit (it is a word), a digit (it needs folding).
const HAS_WORD_CHAR = 1
const HAS_DIGIT = 2

// Character tests instead of regular expressions: this runs for every token of every turn.
function charClasses(raw: string): number {
  let found = 0
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i)
    if (code >= 48 && code <= 57) return HAS_WORD_CHAR | HAS_DIGIT
    if (code >= 97 && code <= 122) found = HAS_WORD_CHAR
  }
  return found
}

// Word tokens of a normalised sentence (its words joined by single spaces).
export function wordTokens(norm: string): readonly string[] {
  return tokensOfWords(norm.split(' '))
}

// The same tokens from the words `norm` is made of. Most sentences need no token dropped,
// folded or expanded; those get the word list itself rather than a copy of it.
export function tokensOfWords(words: readonly string[]): readonly string[] {
  let out: string[] | null = null
  for (let i = 0; i < words.length; i++) {
    const raw = words[i] as string
    const classes = charClasses(raw)
    const token = classes & HAS_DIGIT ? raw.replace(DIGITS, '9') : raw
    const expanded = classes === 0 ? undefined : CONTRACTIONS.get(token)
    if (out === null) {
      if (classes !== 0 && token === raw && expanded === undefined) continue
      // The first change: everything before it was kept as it was.
      out = words.slice(0, i)
    }
    if (classes === 0) continue
    if (expanded) for (const word of expanded) out.push(word)
    else out.push(token)
  }
  return out ?? words
}
