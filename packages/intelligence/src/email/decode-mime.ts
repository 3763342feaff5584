// Decoders for the MIME encodings e-mail bodies and headers use (RFC 2045, 2047).
function decodeBytes(bytes: Uint8Array, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase() || 'utf-8').decode(bytes)
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
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
}
