import { describe, expect, it } from 'vitest'
import { quotesOfEveryKind } from './quotes-of-every-kind.js'

interface Quote {
  text: string
  kind: 'transcript' | 'email'
}

const call = (text: string): Quote => ({ text, kind: 'transcript' })
const mail = (text: string): Quote => ({ text, kind: 'email' })
const kinds = (quotes: readonly Quote[]) =>
  quotesOfEveryKind(
    quotes.slice(0, 3),
    quotes,
    (q) => q.kind,
    (ofKind) => ofKind[0],
    3,
  ).map((q) => q.text)

describe('quotesOfEveryKind', () => {
  it('gives an e-mail a quote in place of the weakest of three from calls', () => {
    expect(kinds([call('a'), call('b'), call('c'), mail('m')])).toEqual(['a', 'b', 'm'])
  })

  it('keeps the quotes as they are when every kind has one', () => {
    expect(kinds([call('a'), mail('m'), call('c'), mail('n')])).toEqual(['a', 'm', 'c'])
  })

  it('adds the missing kind when there is room', () => {
    expect(
      quotesOfEveryKind(
        [call('a')],
        [call('a'), mail('m')],
        (q) => q.kind,
        (ofKind) => ofKind[0],
        3,
      ).map((q) => q.text),
    ).toEqual(['a', 'm'])
  })
})
