import type { Engagement } from '@dealcoach/contracts/intelligence'
import { TranscriptParseError } from '../transcript/transcript-parse-error.js'
import { decodeBody, decodeEncodedWords, htmlToText } from './decode-mime.js'
import { stripReply } from './strip-reply.js'

interface Part {
  headers: Map<string, string>
  body: string[]
  // 1-based line of the part's first header line in the whole file, for error messages.
  firstLine: number
}

export interface EmlOptions {
  id: string
  // Domains of the organisation's own users: mail from them is outbound.
  organisationDomains: readonly string[]
}

function readPart(lines: readonly string[], firstLine: number): Part {
  const headers = new Map<string, string>()
  let i = 0
  let current: string | null = null
  for (; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') break
    if (/^[ \t]/.test(line) && current) {
      headers.set(current, `${headers.get(current) ?? ''} ${line.trim()}`)
      continue
    }
    const match = /^([!-9;-~]+):\s*(.*)$/.exec(line)
    if (!match)
      throw new TranscriptParseError('e-mail', firstLine + i, `malformed header line "${line}"`)
    current = (match[1] ?? '').toLowerCase()
    headers.set(current, match[2] ?? '')
  }
  return { headers, body: lines.slice(i + 1), firstLine }
}

function parameter(header: string, name: string): string {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header)
  return match?.[1]?.trim() ?? ''
}

// The text of a part: the text/plain alternative when there is one, else text/html as text.
function textOf(part: Part, bodyStartLine: number): { text: string; html: boolean } | null {
  const type = part.headers.get('content-type') ?? 'text/plain'
  const mime = type.split(';')[0]?.trim().toLowerCase() ?? 'text/plain'
  if (mime.startsWith('multipart/')) {
    const boundary = parameter(type, 'boundary')
    if (!boundary)
      throw new TranscriptParseError('e-mail', part.firstLine, 'multipart without a boundary')
    const delimiter = `--${boundary}`
    const children: Part[] = []
    let start = -1
    let closed = false
    part.body.forEach((line, i) => {
      if (closed) return
      if (line === delimiter || line === `${delimiter}--`) {
        if (start >= 0) children.push(readPart(part.body.slice(start, i), bodyStartLine + start))
        start = i + 1
        if (line === `${delimiter}--`) closed = true
      }
    })
    if (!closed) {
      throw new TranscriptParseError(
        'e-mail',
        bodyStartLine + part.body.length - 1,
        `multipart boundary "${boundary}" is never closed`,
      )
    }
    const texts = children
      .map((c) => textOf(c, c.firstLine + c.headers.size + 1))
      .filter((t) => t !== null)
    return texts.find((t) => !t.html) ?? texts[0] ?? null
  }
  if (!mime.startsWith('text/')) return null
  if (/attachment/i.test(part.headers.get('content-disposition') ?? '')) return null
  const decoded = decodeBody(
    part.body.join('\n'),
    part.headers.get('content-transfer-encoding') ?? '7bit',
    parameter(type, 'charset') || 'utf-8',
  )
  return mime === 'text/html'
    ? { text: htmlToText(decoded), html: true }
    : { text: decoded, html: false }
}

function addresses(value: string): string[] {
  return (value.match(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g) ?? []).map((a) => a.toLowerCase())
}

// An .eml file (RFC 5322 + MIME) → an e-mail engagement with only what the sender wrote.
export function parseEml(content: string, options: EmlOptions): Engagement {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  if (!lines.includes(''))
    throw new TranscriptParseError('e-mail', lines.length, 'no blank line between headers and body')
  const root = readPart(lines, 1)
  const from = addresses(root.headers.get('from') ?? '')[0]
  if (!from) throw new TranscriptParseError('e-mail', 1, 'no valid "From" header')
  const bodyStart = lines.indexOf('') + 2
  const text = textOf(root, bodyStart)
  const date = root.headers.get('date')
  const parsedDate = date ? Date.parse(date) : Number.NaN
  const domain = from.split('@')[1] ?? ''
  const outbound = options.organisationDomains.some((d) => d.toLowerCase() === domain)
  const subject = decodeEncodedWords(root.headers.get('subject') ?? '').trim()
  return {
    id: options.id,
    type: 'email',
    name: subject || '(no subject)',
    occurred_at: Number.isNaN(parsedDate) ? null : new Date(parsedDate).toISOString(),
    direction: outbound ? 'outbound' : 'inbound',
    from,
    to: addresses(root.headers.get('to') ?? ''),
    subject,
    body: stripReply(text?.text ?? ''),
  }
}
