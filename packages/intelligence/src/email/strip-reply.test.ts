import { describe, expect, it } from 'vitest'
import { decodeEncodedWords, decodeQuotedPrintable, htmlToText } from './decode-mime.js'
import { emailParts, emailText, stripReply } from './strip-reply.js'

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

describe('emailText', () => {
  it("cuts at Outlook's quoted header in the client's language, where no separator line comes before it", () => {
    const german =
      'Passt für uns.\n\nVon: Daniel Okafor <daniel@example.com>\nGesendet: Montag, 30. November 2026 10:02\nAn: Sarah\n\nAlter Text.'
    const french = 'Ça nous va.\n\nDe : x\nDe: Sarah <s@example.com>\nEnvoyé: lundi\nObjet: Offre'
    expect(stripReply(german)).toBe('Passt für uns.')
    expect(stripReply(french)).toBe('Ça nous va.\n\nDe : x')
  })

  it('keeps a line that opens with a sender label when no sent date follows it', () => {
    expect(stripReply('Notes:\nDe: nuestra parte, todo bien.\nGracias.')).toBe(
      'Notes:\nDe: nuestra parte, todo bien.\nGracias.',
    )
  })

  it('reads an e-mail without its sign-off: a closing line and the short name-and-title block under it', () => {
    const body =
      'Could you spread the payments quarterly?\n\nBest regards,\nDana Lee\nHead of Operations, Harbour Ltd\n'
    expect(emailText(body)).toBe('Could you spread the payments quarterly?')
    expect(emailText('Agreed on Friday.\nThanks,\nSam')).toBe('Agreed on Friday.')
    expect(emailText('Passt.\n\nViele Grüße\nJonas')).toBe('Passt.')
  })

  it('keeps a closing word that more of the message follows, or one inside a sentence', () => {
    const body =
      'Thanks,\nwe looked at the proposal again and the price is still above our budget for this year.\nThe board meets on Monday.\nIt wants three quotes.\nProcurement owns the process.\nSam will send the form.\n'
    expect(emailText(body)).toBe(body.trim())
    expect(emailText('Thanks, that works for us.\nDana')).toBe('Thanks, that works for us.\nDana')
    const short = 'Thanks,\nThe price is too high.\nWe will wait until Q3.'
    expect(emailText(short)).toBe(short)
  })

  it('says whether a sign-off was left out, which still closes the e-mail for its places', () => {
    expect(emailParts('The price is too high.\n\nBest regards,\nDana').signedOff).toBe(true)
    expect(emailParts('The price is too high.').signedOff).toBe(false)
  })

  it('keeps the sign-off in the stored body, which users read', () => {
    expect(stripReply('Agreed.\n\nBest regards,\nDana')).toBe('Agreed.\n\nBest regards,\nDana')
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
