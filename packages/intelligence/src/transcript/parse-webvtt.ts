import { mergeConsecutive, splitSpeakerPrefix, type ParsedUtterance } from './parsed-utterance.js'
import { parseTimestamp } from './parse-timestamp.js'
import { NOT_WEBVTT, TranscriptParseError } from './transcript-parse-error.js'

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

// NOTE, STYLE and REGION blocks carry no speech; the keyword must stand alone or be followed by
// a space or tab, so a cue identifier such as "NOTES-1" still starts a cue.
const NON_CUE_BLOCK = /^(?:NOTE|STYLE|REGION)(?:[ \t].*)?$/

// Header metadata lines ("Kind: captions", "Language: en", ...) are ignored as in the W3C parser.
// A timing line ends the header too, so files that omit the blank line keep their first cue
// instead of silently losing it.
function skipHeader(lines: string[]): number {
  let i = 1
  const inHeader = (line: string) => line.trim() !== '' && !line.includes('-->')
  while (i < lines.length && inHeader(lines[i] ?? '')) i++
  return i
}

// WebVTT (W3C): header up to the first blank line, then blocks separated by blank lines: cues of
// [identifier] timing [settings] payload, plus NOTE/STYLE/REGION blocks that are skipped.
// The speaker comes from the <v Speaker> voice tag, else a "Speaker:" prefix; a cue with
// neither continues the previous speaker's turn, as captioners mark only a change of speaker.
export function parseWebVtt(content: string): ParsedUtterance[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  if (!/^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? '')) {
    throw new TranscriptParseError('WebVTT', 1, 'the file must start with "WEBVTT"', NOT_WEBVTT)
  }
  const cues: ParsedUtterance[] = []
  let i = skipHeader(lines)
  let lastSpeaker = 'Unknown'
  while (i < lines.length) {
    while (i < lines.length && (lines[i] ?? '').trim() === '') i++
    if (i >= lines.length) break
    const blockStart = i
    const first = lines[i] ?? ''
    if (NON_CUE_BLOCK.test(first)) {
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
    const speaker = voice?.[1]?.trim() ?? prefixed.speaker ?? lastSpeaker
    lastSpeaker = speaker
    const text = voice ? stripTags(raw) : prefixed.text
    if (text !== '') cues.push({ speaker, text, start_ms: start, end_ms: end })
  }
  return mergeConsecutive(cues)
}
