import winkNLP, { type WinkMethods } from 'wink-nlp'
import model from 'wink-eng-lite-web-model'
import { normalForm, type NormalForm } from './normal-forms.js'
import { RegionTable } from './region-table.js'
import { ScratchList } from '../text/scratch-list.js'
import { tokenProperty } from './wink-instance.js'

// wink's tokens of a text as columns: each token's text, normal form, type and the spaces
// before it, exactly as `readDoc(text).tokens().out(its.value / normal / type /
// precedingSpaces)` give them, what each normal form gives a sentence (normal-forms.ts), and
// where each token starts in the text (`tokenStarts`).
export interface TokenColumns {
  values: string[]
  normals: string[]
  types: string[]
  spaces: string[]
  forms: NormalForm[]
  starts: Int32Array | null
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
//
// Such a word is made a lexeme only by being read when it is a letter and a full stop ("b.",
// which then stays one token); reading other pieces never adds a word with its mark whole
// (wink cuts marks off before it adds a word: processWordRP, processUnk, pushWordToken). It is
// asked again all the same once wink has read anything since it was last asked.
//
// The tokenizer is this module's own: its vocabulary changes only when it is given something
// to read here (`vocabularyReads` counts those reads).
let tokenizer: WinkMethods | undefined
let vocabularyReads = 0

function readDoc(text: string): ReturnType<WinkMethods['readDoc']> {
  tokenizer ??= winkNLP(model, [])
  vocabularyReads++
  return tokenizer.readDoc(text)
}

// A document of the tokenizer's own, to ask its vocabulary whether a piece is a lexeme.
let vocabulary: { isLexeme(text: string): boolean } | undefined

function isLexeme(piece: string): boolean {
  vocabulary ??= readDoc('')
  return Boolean(vocabulary.isLexeme(piece))
}

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

// How wink's splitter (its model's `[ \u00a0\u2002-\u2005\u2009\u200a\u202f\u205f]+` and
// `[\n\r\t]+`, checked by a test) sees a character.
export const PIECE = 0
export const SPACE = 1
export const LINE_BREAK = 2

export function kindOf(code: number): number {
  if (code === 32) return SPACE
  if (code === 10 || code === 13 || code === 9) return LINE_BREAK
  if (code < 0xa0) return PIECE
  if (code === 0xa0 || (code >= 0x2002 && code <= 0x2005)) return SPACE
  if (code === 0x2009 || code === 0x200a || code === 0x202f || code === 0x205f) return SPACE
  return PIECE
}

// One piece's tokens. Tokens after the first never have spaces before them (wink gives
// every token of a piece but the first none).
class PieceTokens {
  // Whether the tokens' texts, one after another, are the piece itself.
  readonly spellsPiece: boolean
  // For a word with its mark: the count of reads of the vocabulary when the piece was last
  // found not to be a lexeme.
  checkedAt = -1

  constructor(
    piece: string,
    readonly values: readonly string[],
    readonly normals: readonly string[],
    readonly types: readonly string[],
    // Kept for a word with its mark, which holds only while the piece is not a lexeme.
    readonly untilLexeme = false,
    readonly forms: readonly NormalForm[] = normals.map(normalForm),
  ) {
    this.spellsPiece = values.join('') === piece
  }

  // The same tokens, kept only while the piece is not a lexeme (which it is not now).
  untilLexemeCopy(piece: string): PieceTokens {
    const copy = new PieceTokens(piece, this.values, this.normals, this.types, true, this.forms)
    copy.checkedAt = vocabularyReads
    return copy
  }

  // Whether these tokens are wink's for the piece now (found at text[start, end)).
  holds(text: string, start: number, end: number): boolean {
    if (!this.untilLexeme || this.checkedAt === vocabularyReads) return true
    if (isLexeme(text.slice(start, end))) return false
    this.checkedAt = vocabularyReads
    return true
  }
}

// The pieces kept, and a bound on them: a conversation's vocabulary is a few thousand pieces,
// so the table is emptied only if a process meets an unusually large one.
const pieces = new RegionTable<PieceTokens>(50_000)

// Where each token starts in `text`, when wink's values and preceding spaces spell `text`
// out exactly, as they do for the text we hand it; null for anything else (so a sentence's
// text is never taken from the wrong place).
export function tokenStarts(
  text: string,
  values: readonly string[],
  spaces: readonly string[],
): Int32Array | null {
  const starts = new Int32Array(values.length)
  let at = 0
  for (let t = 0; t < values.length; t++) {
    const space = spaces[t] ?? ''
    const value = values[t] ?? ''
    if (!text.startsWith(space, at)) return null
    at += space.length
    if (!text.startsWith(value, at)) return null
    starts[t] = at
    at += value.length
  }
  return starts
}

// What wink gives for the whole text, read by wink itself.
function wholeTextColumns(text: string): TokenColumns {
  const tokens = readDoc(text).tokens()
  const values = tokenProperty(tokens, 'value')
  const normals = tokenProperty(tokens, 'normal')
  const spaces = tokenProperty(tokens, 'precedingSpaces')
  return {
    values,
    normals,
    types: tokenProperty(tokens, 'type'),
    spaces,
    forms: normals.map(normalForm),
    starts: tokenStarts(text, values, spaces),
  }
}

// The tokens of pieces wink has not given yet, read in one document. Null if the document's
// tokens cannot be told apart by piece (a piece that gives no token at all).
function readPieces(missing: readonly string[]): PieceTokens[] | null {
  // A space before each piece: every piece's first token then has spaces before it, and no
  // other token has any.
  const tokens = readDoc(` ${missing.join(' ')}`).tokens()
  const values = tokenProperty(tokens, 'value')
  const normals = tokenProperty(tokens, 'normal')
  const types = tokenProperty(tokens, 'type')
  const spaces = tokenProperty(tokens, 'precedingSpaces')
  const out: PieceTokens[] = []
  let first = 0
  for (let t = 1; t <= values.length; t++) {
    if (t < values.length && spaces[t] === '') continue
    if (spaces[first] === '' || out.length >= missing.length) return null
    out.push(
      new PieceTokens(
        missing[out.length] as string,
        values.slice(first, t),
        normals.slice(first, t),
        types.slice(first, t),
      ),
    )
    first = t
  }
  return out.length === missing.length ? out : null
}

// A text's pieces as found (the first `pieceCount`): where each starts, the spaces before
// it, and its tokens if kept. Written over from one text to the next, never emptied, so they
// keep their room.
let pieceCount = 0
let pieceStarts = new Int32Array(1024)
const pieceSpaces: string[] = []
const pieceTokens: (PieceTokens | undefined)[] = []

function addPiece(start: number, spaces: string, tokens: PieceTokens | undefined): void {
  if (pieceCount === pieceStarts.length) {
    const grown = new Int32Array(pieceStarts.length * 2)
    grown.set(pieceStarts)
    pieceStarts = grown
  }
  pieceStarts[pieceCount] = start
  pieceSpaces[pieceCount] = spaces
  pieceTokens[pieceCount] = tokens
  pieceCount++
}
// The pieces not kept, in order, and what is needed to keep them once read.
const missing: string[] = []
const missingWereLexemes: boolean[] = []

// Separators other than a plain space and a line feed; a text without any (most of them) has
// its pieces found by searching for those two.
const OTHER_SEPARATOR = /[\t\r\u00a0\u2002-\u2005\u2009\u200a\u202f\u205f]/

// Where the next `char` is at or after `from`, or the text's length.
function nextOf(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from)
  return at < 0 ? text.length : at
}

// Reads the text's pieces; false if wink has to read the whole text itself.
function findPieces(text: string): boolean {
  pieceCount = 0
  missing.length = 0
  missingWereLexemes.length = 0
  const plainSeparators = !OTHER_SEPARATOR.test(text)
  let nextSpace = -1
  let nextLineFeed = -1
  let spaces = ''
  let i = 0
  while (i < text.length) {
    const start = i
    let code = text.charCodeAt(i)
    const kind = kindOf(code)
    if (kind === SPACE) {
      let plain = true
      while (i < text.length && kindOf((code = text.charCodeAt(i))) === SPACE) {
        if (code !== 32) plain = false
        i++
      }
      // wink keeps a run's length (capped) and spells it with spaces; a run holding another
      // space character is kept as written. A capped run no longer spells the text, which
      // a whole-text read reports (tokenStarts finds no starts).
      if (plain && i - start === 1) spaces = ' '
      else if (!plain || i - start < MAX_SPACES) spaces = text.slice(start, i)
      else return false
      continue
    }
    if (kind === PIECE && plainSeparators) {
      if (nextSpace < i) nextSpace = nextOf(text, ' ', i)
      if (nextLineFeed < i) nextLineFeed = nextOf(text, '\n', i)
      i = Math.min(nextSpace, nextLineFeed)
    } else {
      while (i < text.length && kindOf(text.charCodeAt(i)) === kind) i++
    }
    let known = pieces.get(text, start, i)
    if (known && !known.holds(text, start, i)) known = undefined
    addPiece(start, spaces, known)
    spaces = ''
    if (known) continue
    const piece = text.slice(start, i)
    // A piece of spaces only the splitter does not know (an em space) may give no token,
    // and the pieces' tokens could not be told apart: wink reads the whole text instead.
    if (kind === PIECE && piece.trim() === '') return false
    missing.push(piece)
    // Asked before wink reads the text: a lexeme read now is one that already was.
    missingWereLexemes.push(isLexeme(piece))
  }
  return true
}

// Reads the missing pieces and keeps those that hold; false if wink has to read the whole
// text itself.
function readMissing(): boolean {
  if (missing.length === 0) return true
  const read = readPieces(missing)
  if (!read) return false
  let next = 0
  for (let p = 0; p < pieceCount; p++) {
    if (pieceTokens[p] === undefined) pieceTokens[p] = read[next++]
  }
  read.forEach((tokens, m) => {
    const piece = missing[m] as string
    if (missingWereLexemes[m]) pieces.set(piece, tokens)
    else if (WORD_THEN_MARK.test(piece) && !isLexeme(piece)) {
      pieces.set(piece, tokens.untilLexemeCopy(piece))
    }
  })
  return true
}

// The columns are filled here and copied out (array builtins): an array made by `new Array`
// or a literal carries an allocation site, and V8 moved every later array of a site whose
// arrays outlived a young collection straight to the old space, where they lingered as
// garbage until a full collection, taking turns with fast runs from one process to the next.
const valueList = new ScratchList<string>()
const normalList = new ScratchList<string>()
const typeList = new ScratchList<string>()
const spaceList = new ScratchList<string>()
const formList = new ScratchList<NormalForm>()

// The columns of a text read piece by piece.
class PieceColumns implements TokenColumns {
  readonly values = valueList.copy()
  readonly normals = normalList.copy()
  readonly types = typeList.copy()
  readonly spaces = spaceList.copy()
  readonly forms = formList.copy()
  starts: Int32Array | null = null
}

export function readTokens(text: string): TokenColumns {
  if (!findPieces(text) || !readMissing()) return wholeTextColumns(text)
  valueList.clear()
  normalList.clear()
  typeList.clear()
  spaceList.clear()
  formList.clear()
  let count = 0
  let spelled = true
  for (let p = 0; p < pieceCount; p++) {
    const found = pieceTokens[p] as PieceTokens
    count += found.values.length
    if (!found.spellsPiece) spelled = false
  }
  const starts = new Int32Array(count)
  let t = 0
  for (let p = 0; p < pieceCount; p++) {
    const found = pieceTokens[p] as PieceTokens
    let at = pieceStarts[p] as number
    for (let k = 0; k < found.values.length; k++, t++) {
      const value = found.values[k] as string
      valueList.push(value)
      normalList.push(found.normals[k] as string)
      typeList.push(found.types[k] as string)
      formList.push(found.forms[k] as NormalForm)
      spaceList.push(k === 0 ? (pieceSpaces[p] as string) : '')
      starts[t] = at
      at += value.length
    }
  }
  // Every piece spelled by its tokens and every run of spaces as written: the tokens spell
  // the text, and tokenStarts would find these starts; else it decides.
  const columns = new PieceColumns()
  columns.starts = spelled ? starts : tokenStarts(text, columns.values, columns.spaces)
  return columns
}
