import { mergeConsecutive, splitSpeakerPrefix, type ParsedUtterance } from './parsed-utterance.js'
import { parseTimestamp } from './parse-timestamp.js'
import { TranscriptParseError } from './transcript-parse-error.js'

const TIMING = /^(\S+)\s+-->\s+(\S+)(?:\s+.*)?$/
const VOICE = /<v(?:\.[\w.-]+)?\s+([^>]+)>/

function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .trim()
}

// WebVTT (W3C): header, then cues of [identifier] timing payload, separated by blank lines.
// The speaker comes from the <v Speaker> voice tag, else a "Speaker:" prefix.
export function parseWebVtt(content: string): ParsedUtterance[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new TranscriptParseError('WebVTT', 1, 'the file must start with "WEBVTT"')
  }
  const cues: ParsedUtterance[] = []
  let i = 1
  while (i < lines.length) {
    while (i < lines.length && (lines[i] ?? '').trim() === '') i++
    if (i >= lines.length) break
    const blockStart = i
    const first = lines[i] ?? ''
    if (/^(?:NOTE|STYLE|REGION)\b/.test(first)) {
      while (i < lines.length && (lines[i] ?? '').trim() !== '') i++
      continue
    }
    let timingLine = first
    if (!first.includes('-->')) {
      i++
      timingLine = lines[i] ?? ''
    }
    const timing = TIMING.exec(timingLine.trim())
    if (!timing) {
      throw new TranscriptParseError(
        'WebVTT',
        i + 1,
        `expected a cue timing "start --> end", got "${timingLine.trim()}"`,
      )
    }
    const start = parseTimestamp(timing[1] ?? '')
    const end = parseTimestamp(timing[2] ?? '')
    if (start === null || end === null || end < start) {
      throw new TranscriptParseError('WebVTT', i + 1, `invalid cue timing "${timingLine.trim()}"`)
    }
    i++
    const payload: string[] = []
    while (i < lines.length && (lines[i] ?? '').trim() !== '') payload.push(lines[i++] ?? '')
    if (payload.length === 0) {
      throw new TranscriptParseError('WebVTT', blockStart + 1, 'cue has no text')
    }
    const raw = payload.join(' ')
    const voice = VOICE.exec(raw)
    const prefixed = splitSpeakerPrefix(stripTags(raw))
    const speaker = voice?.[1]?.trim() ?? prefixed.speaker ?? 'Unknown'
    const text = voice ? stripTags(raw) : prefixed.text
    if (text !== '') cues.push({ speaker, text, start_ms: start, end_ms: end })
  }
  return mergeConsecutive(cues)
}
