import { normalForm, type NormalForm } from './normal-forms.js'
import { tokenProperty, winkTokenizer } from './wink-instance.js'

// wink's tokens of a text as columns: each token's text, normal form, type and the spaces
// before it, exactly as `readDoc(text).tokens().out(its.value / normal / type /
// precedingSpaces)` give them, and what each normal form gives a sentence (normal-forms.ts).
export interface TokenColumns {
  values: string[]
  normals: string[]
  types: string[]
  spaces: string[]
  forms: NormalForm[]
}

// wink's tokenizer (wink-nlp/src/tokenizer.js) splits the text on runs of spaces and of line
// breaks and reads each piece between them alone: a piece that is a lexeme of its vocabulary
// (a known word, a contraction, or a word met before) is looked up, anything else is broken
// up by its rules, which may add new words to the vocabulary as they go. Line-break runs are
// pieces (tokens) themselves; a run of spaces only sets the next piece's spaces.
//
// A piece that is a lexeme gives the same tokens whenever it is read, since lexemes are never
// changed or removed; reading one changes nothing. So does a word with one punctuation mark
// after it ("week.", "today?") for as long as it is not a lexeme itself: wink cuts it into
// the word and the mark by position alone, and once both are in its vocabulary, reading it
// again adds nothing. Those pieces are kept here per process, and only the other pieces of a
// text go to wink, in the text's order and joined by single spaces, so wink reads and adds
// exactly what it would have reading the whole text.
const SPLITTER = /([ \u00a0\u2002-\u2005\u2009\u200a\u202f\u205f]+|[\n\r\t]+)/
const NON_BREAKING = /[\u00a0\u2002-\u2005\u2009\u200a\u202f\u205f]/
// wink keeps a token's preceding spaces in 16 bits; the top value stands for a run holding a
// non-breaking space, which is then kept as written.
const MAX_SPACES = 0xffff

// wink's own pattern (in its model) for that kind of piece, its `wordRP` category: letters,
// then one closing mark. A piece of letters alone is a `word`, the only category wink tries
// first, so a piece that is not a lexeme and matches this is always cut as described. Its
// source is the model's, verbatim (a test compares them), combining accents included.
export const WORD_THEN_MARK = new RegExp(
  // eslint-disable-next-line no-misleading-character-class
  '^[a-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u00FF\\u0300-\\u036f\\u2060]+[\\’\\”\\"\\]\\)\\}\\…\\,\\.\\!\\;\\?\\/\\:]$',
  'i',
)

// The pieces kept, and a bound on them: a conversation's vocabulary is a few thousand pieces,
// so the table is emptied only if a process meets an unusually large one.
const PIECE_LIMIT = 50_000

// One piece's tokens. Tokens after the first never have spaces before them (wink gives
// every token of a piece but the first none).
class PieceTokens {
  constructor(
    readonly values: readonly string[],
    readonly normals: readonly string[],
    readonly types: readonly string[],
    // Kept for a word with its mark, which holds only while the piece is not a lexeme.
    readonly untilLexeme = false,
    readonly forms: readonly NormalForm[] = normals.map(normalForm),
  ) {}

  // The same tokens, kept only while the piece is not a lexeme.
  untilLexemeCopy(): PieceTokens {
    return new PieceTokens(this.values, this.normals, this.types, true, this.forms)
  }
}

const pieces = new Map<string, PieceTokens>()

// A document of the tokenizer's own, to ask its vocabulary whether a piece is a lexeme.
let vocabulary: { isLexeme(text: string): boolean } | undefined

function isLexeme(piece: string): boolean {
  vocabulary ??= winkTokenizer().readDoc('')
  return Boolean(vocabulary.isLexeme(piece))
}

// The spaces wink gives the token after a run of spaces.
function spacesOf(run: string): string {
  if (NON_BREAKING.test(run)) return run
  return run.length < MAX_SPACES ? run : ' '.repeat(MAX_SPACES - 1)
}

// What wink gives for the whole text, read by wink itself.
function wholeTextColumns(text: string): TokenColumns {
  const tokens = winkTokenizer().readDoc(text).tokens()
  const normals = tokenProperty(tokens, 'normal')
  return {
    values: tokenProperty(tokens, 'value'),
    normals,
    types: tokenProperty(tokens, 'type'),
    spaces: tokenProperty(tokens, 'precedingSpaces'),
    forms: normals.map(normalForm),
  }
}

// The tokens of pieces wink has not given yet, read in one document. Null if the document's
// tokens cannot be told apart by piece (a piece that gives no token at all).
function readPieces(missing: readonly string[]): PieceTokens[] | null {
  // A space before each piece: every piece's first token then has spaces before it, and no
  // other token has any.
  const tokens = winkTokenizer()
    .readDoc(` ${missing.join(' ')}`)
    .tokens()
  const values = tokenProperty(tokens, 'value')
  const normals = tokenProperty(tokens, 'normal')
  const types = tokenProperty(tokens, 'type')
  const spaces = tokenProperty(tokens, 'precedingSpaces')
  const out: PieceTokens[] = []
  let first = 0
  for (let t = 1; t <= values.length; t++) {
    if (t < values.length && spaces[t] === '') continue
    if (spaces[first] === '') return null
    out.push(
      new PieceTokens(values.slice(first, t), normals.slice(first, t), types.slice(first, t)),
    )
    first = t
  }
  return out.length === missing.length ? out : null
}

// Line breaks: a run of them is a piece (a token) of its own.
function isLineBreakRun(part: string): boolean {
  const code = part.charCodeAt(0)
  return code === 10 || code === 13 || code === 9
}

export function readTokens(text: string): TokenColumns {
  // With the splitter's group, the parts alternate: text between runs (even positions,
  // possibly empty), then a run.
  const parts = text.split(SPLITTER)
  const found: (PieceTokens | undefined)[] = []
  const before: string[] = []
  const missing: string[] = []
  const wasLexeme: boolean[] = []
  let spaces = ''
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p] as string
    if (part === '') continue
    const run = p % 2 === 1
    if (run && !isLineBreakRun(part)) {
      spaces = part === ' ' ? part : spacesOf(part)
      continue
    }
    let known = pieces.get(part)
    if (known?.untilLexeme && isLexeme(part)) known = undefined
    found.push(known)
    before.push(spaces)
    spaces = ''
    if (known) continue
    // A piece of spaces only the splitter does not know (an em space) may give no token,
    // and the pieces' tokens could not be told apart: wink reads the whole text instead.
    if (!run && part.trim() === '') return wholeTextColumns(text)
    missing.push(part)
    // Asked before wink reads the text: a lexeme read now is one that already was.
    wasLexeme.push(isLexeme(part))
  }
  let read: PieceTokens[] | null = []
  if (missing.length > 0) {
    read = readPieces(missing)
    // Not expected once pieces of spaces only are read whole (above).
    if (!read) return wholeTextColumns(text)
    if (pieces.size + missing.length > PIECE_LIMIT) pieces.clear()
    read.forEach((tokens, m) => {
      const piece = missing[m] as string
      if (wasLexeme[m]) pieces.set(piece, tokens)
      else if (WORD_THEN_MARK.test(piece)) {
        pieces.set(piece, tokens.untilLexemeCopy())
      }
    })
  }
  const columns: TokenColumns = { values: [], normals: [], types: [], spaces: [], forms: [] }
  let next = 0
  found.forEach((known, p) => {
    const tokens = known ?? read[next++]
    if (!tokens) return
    for (let t = 0; t < tokens.values.length; t++) {
      columns.values.push(tokens.values[t] as string)
      columns.normals.push(tokens.normals[t] as string)
      columns.types.push(tokens.types[t] as string)
      columns.forms.push(tokens.forms[t] as NormalForm)
      columns.spaces.push(t === 0 ? (before[p] as string) : '')
    }
  })
  return columns
}
