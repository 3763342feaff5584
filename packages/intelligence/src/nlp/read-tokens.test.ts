import { describe, expect, it } from 'vitest'
import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'
import {
  kindOf,
  LINE_BREAK,
  PIECE,
  readTokens as readAllTokens,
  SPACE,
  tokenStarts,
  WORD_THEN_MARK,
} from './read-tokens.js'
import { tokenProperty } from './wink-instance.js'

// The reference: a wink instance of its own reading the whole text.
const reference = winkNLP(model, [])

interface TokenColumns {
  values: string[]
  normals: string[]
  types: string[]
  spaces: string[]
}

function readTokens(text: string): TokenColumns {
  const { values, normals, types, spaces } = readAllTokens(text)
  return { values, normals, types, spaces }
}

function winkColumns(text: string): TokenColumns {
  const tokens = reference.readDoc(text).tokens()
  return {
    values: tokenProperty(tokens, 'value'),
    normals: tokenProperty(tokens, 'normal'),
    types: tokenProperty(tokens, 'type'),
    spaces: tokenProperty(tokens, 'precedingSpaces'),
  }
}

describe('readTokens', () => {
  it.each([
    'Hello there. How are you?\n\nFine thanks, i am ok!',
    "We can't   do it.\u00a0 No\u2009way, it's $4,800 (per seat) by 6/30.",
    'plan b. Then e.g. U.S.A. co-op re-run state-of-the-art x-ray',
    'Zorblax quoted zorblax? Zorblax! see https://example.com or mail a@b.example :-) 🙂',
    'a \u2003 b\u3000c',
    `tabs\tand\r\nbreaks\n\n\n  after${' '.repeat(70_000)}far`,
    '',
  ])('gives wink’s tokens of %j, read afresh and again', (text) => {
    const expected = winkColumns(text)
    expect(readTokens(text)).toEqual(expected)
    expect(readTokens(text)).toEqual(expected)
    expect(readAllTokens(text).starts).toEqual(tokenStarts(text, expected.values, expected.spaces))
  })

  it('keeps a word with its mark only while it is not a lexeme', () => {
    // A letter with a full stop ("q.") is cut by wink as a word with its mark, and made a
    // lexeme of its own as it is read: read again, it is one token from the vocabulary.
    for (const text of ['plan q. then', 'plan q. then', 'Zyzzy, zyzzy, zyzzy.']) {
      expect(readTokens(text)).toEqual(winkColumns(text))
    }
  })

  it('tells a word with its mark as wink’s model does', () => {
    const ltc = (
      model as unknown as { core(): { trex: { ltc: [string, string, number][] } } }
    ).core().trex.ltc
    // Letters alone (a word, category 1) are tried first, then a word with its mark (15).
    expect(ltc[0]?.[2]).toBe(1)
    expect(ltc[1]).toEqual([WORD_THEN_MARK.source, WORD_THEN_MARK.flags, 15])
    expect(WORD_THEN_MARK.test('week.')).toBe(true)
    expect(WORD_THEN_MARK.test('week')).toBe(false)
  })

  it('tells spaces, line breaks and the rest apart as wink’s splitter does', () => {
    const splitter = new RegExp(
      (model as unknown as { core(): { trex: { helpers: { splitter: string[] } } } }).core().trex
        .helpers.splitter[0] as string,
    )
    const differing: number[] = []
    for (let code = 0; code < 0x10000; code++) {
      const found = splitter.exec(String.fromCharCode(code))?.[0]
      const kind = found === undefined ? PIECE : /[\n\r\t]/.test(found) ? LINE_BREAK : SPACE
      if (kindOf(code) !== kind) differing.push(code)
    }
    expect(differing).toEqual([])
  })

  it('splits where wink’s model splits', () => {
    const core = (
      model as unknown as { core(): { trex: { helpers: { splitter: string[] } } } }
    ).core()
    expect(core.trex.helpers.splitter).toEqual([
      '([ \\u00a0\\u2002-\\u2005\\u2009\\u200a\\u202f\\u205f]+|[\\n\\r\\t]+)',
      '',
    ])
  })
})
