import { describe, expect, it } from 'vitest'
import { decodeBody, decodeEncodedWords, decodeQuotedPrintable, htmlToText } from './decode-mime.js'

describe('decodeQuotedPrintable', () => {
  it('reads iso-8859-1 as windows-1252, as Outlook writes it, so quotes and dashes survive', () => {
    expect(decodeQuotedPrintable('We can=92t sign =96 not before =80100.', 'iso-8859-1')).toBe(
      'We can’t sign – not before €100.',
    )
    expect(decodeQuotedPrintable('caf=E9 =93ok=94', 'Windows-1252')).toBe('café “ok”')
  })

  it('reads UTF-8 byte sequences', () => {
    expect(decodeQuotedPrintable('=E2=80=94 caf=C3=A9=\r\n ok', 'utf-8')).toBe('— café ok')
  })
})

describe('decodeBody and decodeEncodedWords', () => {
  it('decodes base64 in the part’s charset', () => {
    expect(decodeBody(Buffer.from('Grüße', 'utf8').toString('base64'), 'base64', 'utf-8')).toBe(
      'Grüße',
    )
  })

  it('decodes encoded words in headers', () => {
    expect(decodeEncodedWords('=?UTF-8?Q?Re:_Pricing_=E2=80=94_next?= =?utf-8?B?c3RlcHM=?=')).toBe(
      'Re: Pricing — nextsteps',
    )
  })
})

describe('htmlToText', () => {
  it('decodes named and numeric entities and leaves unknown ones as written', () => {
    expect(
      htmlToText('<p>Price&nbsp;&mdash; too high &#8217;25 &#x2013; &amp; &unknown;</p>'),
    ).toBe('Price — too high ’25 – & &unknown;\n\n')
  })
})
