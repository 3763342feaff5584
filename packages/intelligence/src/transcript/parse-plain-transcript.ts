import type { ParsedUtterance } from './parsed-utterance.js'
import { parseTimestamp } from './parse-timestamp.js'
import { TranscriptParseError } from './transcript-parse-error.js'

// "[00:01:02] Maya Chen: text", "Maya Chen (01:02): text" or "Maya Chen: text".
const LINE =
  /^(?:\[(\d{1,2}:\d{2}(?::\d{2})?)\]\s*)?([^:[\]()]{1,60}?)(?:\s*\((\d{1,2}:\d{2}(?::\d{2})?)\))?:\s*(.*)$/

function clockToMs(clock: string | undefined): number | undefined {
  if (!clock) return undefined
  const parts = clock.split(':').map(Number)
  const padded = parts.length === 2 ? [0, ...parts] : parts
  const ms = parseTimestamp(`${padded.map((p) => String(p).padStart(2, '0')).join(':')}.000`)
  return ms ?? undefined
}

// Plain "Speaker: text" transcripts. Lines without a speaker continue the previous turn.
export function parsePlainTranscript(content: string): ParsedUtterance[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const out: ParsedUtterance[] = []
  lines.forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') return
    const match = LINE.exec(line)
    const speaker = match?.[2]?.trim()
    if (
      match &&
      speaker &&
      /^[\p{L}\d][\p{L}\d .'-]*$/u.test(speaker) &&
      speaker.split(' ').length <= 5
    ) {
      const start = clockToMs(match[1] ?? match[3])
      out.push({
        speaker,
        text: (match[4] ?? '').trim(),
        ...(start !== undefined ? { start_ms: start } : {}),
      })
      return
    }
    const last = out[out.length - 1]
    if (!last) {
      throw new TranscriptParseError(
        'transcript',
        i + 1,
        'expected "Speaker: text" before any other line',
      )
    }
    last.text = `${last.text} ${line}`.trim()
  })
  if (out.length === 0)
    throw new TranscriptParseError('transcript', 1, 'no "Speaker: text" lines found')
  return out.filter((u) => u.text !== '')
}
