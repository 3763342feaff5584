// Decoders for the MIME encodings e-mail bodies and headers use (RFC 2045, 2047).

/**
 * The labels that mean windows-1252 in mail, as in the WHATWG Encoding Standard: Outlook labels
 * its bodies iso-8859-1 and writes windows-1252's quotes and dashes (0x80–0x9F) in them.
 */
const WINDOWS_1252_LABELS = new Set([
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
  'windows-1252',
  'cp1252',
  'x-cp1252',
])

/** windows-1252's characters at 0x80–0x9F (the five it leaves undefined pass through as bytes). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152,
  0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
  0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
]

// Node's TextDecoder reads these labels as ISO-8859-1, which turns 0x92 into a control character.
export function decodeWindows1252(bytes: Uint8Array): string {
  let text = ''
  for (const byte of bytes) {
    text += String.fromCharCode(
      byte >= 0x80 && byte < 0xa0 ? (WINDOWS_1252_HIGH[byte - 0x80] ?? byte) : byte,
    )
  }
  return text
}

function decodeBytes(bytes: Uint8Array, charset: string): string {
  const label = charset.trim().toLowerCase()
  if (WINDOWS_1252_LABELS.has(label)) return decodeWindows1252(bytes)
  try {
    return new TextDecoder(label || 'utf-8').decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

export function decodeQuotedPrintable(text: string, charset = 'utf-8'): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i] ?? ''
    const hex = joined.slice(i + 1, i + 3)
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      for (const b of new TextEncoder().encode(ch)) bytes.push(b)
    }
  }
  return decodeBytes(Uint8Array.from(bytes), charset)
}

export function decodeBase64(text: string, charset = 'utf-8'): string {
  return decodeBytes(Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'base64')), charset)
}

export function decodeBody(text: string, encoding: string, charset: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(text, charset)
    case 'base64':
      return decodeBase64(text, charset)
    default:
      return charset.toLowerCase() === 'utf-8' || charset === ''
        ? text
        : decodeBytes(Buffer.from(text, 'latin1'), charset)
  }
}

// "=?UTF-8?Q?Re:_pricing?=" and "=?utf-8?B?...?=" encoded words in headers.
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_, charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? decodeBase64(data, charset)
          : decodeQuotedPrintable(data.replace(/_/g, ' '), charset),
    )
}

export function htmlToText(html: string): string {
  return html
    .replace(/<(?:script|style)[\s\S]*?<\/(?:script|style)>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|li|tr|h\d)>/gi, '\n\n')
    .replace(/<blockquote[\s\S]*?<\/blockquote>/gi, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, decodeEntity)
}

/** The named entities mail clients write for punctuation; others are left as written. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  mdash: '\u2014',
  ndash: '\u2013',
  lsquo: '\u2018',
  rsquo: '\u2019',
  ldquo: '\u201c',
  rdquo: '\u201d',
  hellip: '\u2026',
  bull: '\u2022',
  middot: '\u00b7',
  euro: '\u20ac',
  pound: '\u00a3',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
}

function decodeEntity(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const hex = name[1] === 'x' || name[1] === 'X'
    const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10)
    // A non-breaking space is a space to the engine, as &nbsp; is.
    if (code === 0xa0) return ' '
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
  }
  return NAMED_ENTITIES[name.toLowerCase()] ?? entity
}
