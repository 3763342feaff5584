import { describe, expect, it } from 'vitest'
import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'
import { readTokens, type TokenColumns } from './read-tokens.js'
import { tokenProperty } from './wink-instance.js'

// The reference: a wink instance of its own reading the whole text.
const reference = winkNLP(model, [])

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
