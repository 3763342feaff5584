import { mergeConsecutive, splitSpeakerPrefix, type ParsedUtterance } from './parsed-utterance.js'
import { parseTimestamp } from './parse-timestamp.js'
import { TranscriptParseError } from './transcript-parse-error.js'

const TIMING = /^(\S+)\s+-->\s+(\S+)$/

// SubRip: numbered blocks of "index / start --> end / text lines", separated by blank
// lines. Speakers come from "Name:" or "[Name]" prefixes, as recorders write them.
export function parseSrt(content: string): ParsedUtterance[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const cues: ParsedUtterance[] = []
  let i = 0
  let lastSpeaker = 'Unknown'
  while (i < lines.length) {
    while (i < lines.length && (lines[i] ?? '').trim() === '') i++
    if (i >= lines.length) break
    if (!/^\d+$/.test((lines[i] ?? '').trim())) {
      throw new TranscriptParseError(
        'SRT',
        i + 1,
        `expected a cue number, got "${(lines[i] ?? '').trim()}"`,
      )
    }
    i++
    const timing = TIMING.exec((lines[i] ?? '').trim())
    const start = timing ? parseTimestamp(timing[1] ?? '') : null
    const end = timing ? parseTimestamp(timing[2] ?? '') : null
    if (start === null || end === null || end < start) {
      throw new TranscriptParseError(
        'SRT',
        i + 1,
        `expected "hh:mm:ss,mmm --> hh:mm:ss,mmm", got "${(lines[i] ?? '').trim()}"`,
      )
    }
    i++
    const payload: string[] = []
    while (i < lines.length && (lines[i] ?? '').trim() !== '')
      payload.push((lines[i++] ?? '').trim())
    const raw = payload
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .trim()
    if (raw === '') continue
    const bracketed = /^\[([^\]]+)\]\s*(.*)$/.exec(raw)
    const prefixed = bracketed
      ? { speaker: bracketed[1] ?? null, text: bracketed[2] ?? '' }
      : splitSpeakerPrefix(raw)
    // A cue without a speaker continues the previous speaker's turn.
    const speaker = prefixed.speaker?.trim() ?? lastSpeaker
    lastSpeaker = speaker
    cues.push({ speaker, text: prefixed.text, start_ms: start, end_ms: end })
  }
  return mergeConsecutive(cues)
}
