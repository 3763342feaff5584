import { describe, expect, it } from 'vitest'
import { decodeEncodedWords, decodeQuotedPrintable, htmlToText } from './decode-mime.js'
import { stripReply } from './strip-reply.js'

describe('stripReply', () => {
  it('drops quoted lines, the quoted thread and the signature', () => {
    const body = 'Sounds good.\n> old line\n\nSee you Thursday.\n-- \nAaron\nVP Sales\n'
    expect(stripReply(body)).toBe('Sounds good.\n\nSee you Thursday.')
    expect(
      stripReply('Yes.\n\nOn Tue, 3 Mar 2026, Maya <m@x.example> wrote:\n> Does Tuesday work?'),
    ).toBe('Yes.')
    expect(stripReply('Fine by me.\n\nSent from my iPhone')).toBe('Fine by me.')
  })

  it("cuts at Outlook's separator in other languages", () => {
    const body =
      'Still not possible for us.\n\n-----Ursprüngliche Nachricht-----\nVon: A\n\nWe keep 36 months.'
    expect(stripReply(body)).toBe('Still not possible for us.')
    expect(stripReply("Ok.\n-----Message d'origine-----\nDe : B\nTexte.")).toBe('Ok.')
  })
})

describe('MIME decoding', () => {
  it('decodes quoted-printable with soft breaks and UTF-8 bytes', () => {
    expect(decodeQuotedPrintable('caf=C3=A9 soft=\nbreak')).toBe('café softbreak')
  })

  it('decodes RFC 2047 encoded words', () => {
    expect(decodeEncodedWords('=?utf-8?B?UHLDqXNlbnRhdGlvbg==?= ok')).toBe('Présentation ok')
  })

  it('turns HTML into text without quoted blocks', () => {
    expect(htmlToText('<p>Hi&nbsp;Tom</p><blockquote>old</blockquote><br>Bye').trim()).toBe(
      'Hi Tom\n\n\nBye',
    )
  })
})
