import { describe, expect, it } from 'vitest'
import { GMAIL_EML, OUTLOOK_EML } from '../test-support/sample-files.js'
import { parseEml } from './parse-eml.js'

const options = { id: 'm1', organisationDomains: ['payledger.example'] }

describe('parseEml', () => {
  it('reads a multipart Gmail reply: plain part, quoted-printable, no quote or signature', () => {
    const email = parseEml(GMAIL_EML, options)
    expect(email).toMatchObject({
      id: 'm1',
      type: 'email',
      name: 'Re: PayLedger pricing – next steps',
      direction: 'inbound',
      from: 'tom@harborvine.example',
      to: ['maya@payledger.example'],
      occurred_at: '2026-03-10T16:14:00.000Z',
    })
    expect(email.body).toBe(
      'Hi Maya,\n\nDana looked at the number. She thinks it is too expensive compared to what we pay Paytrak – can you send the one-pager?\n\nThanks,\nTom',
    )
  })

  it('decodes base64 and cuts an Outlook "Original Message" thread; own domain is outbound', () => {
    const email = parseEml(OUTLOOK_EML, options)
    expect(email.direction).toBe('outbound')
    expect(email.body).toBe('Hi Tom,\n\nAttached is the proposal.')
  })

  it('names the line of a malformed header', () => {
    expect(() => parseEml('From: a@b.example\nthis is not a header\n\nbody', options)).toThrow(
      /e-mail, line 2: malformed header/,
    )
  })

  it('reports a multipart body whose boundary never closes', () => {
    const broken =
      'From: a@b.example\nContent-Type: multipart/mixed; boundary="x"\n\n--x\nContent-Type: text/plain\n\nhello\n'
    expect(() => parseEml(broken, options)).toThrow(/boundary "x" is never closed/)
  })

  it('requires a From address', () => {
    expect(() => parseEml('Subject: hi\n\nbody', options)).toThrow(/no valid "From" header/)
  })
})
