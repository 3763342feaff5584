import type { ParsedUtterance } from './parsed-utterance.js'
import { parseTimestamp } from './parse-timestamp.js'
import { TranscriptParseError } from './transcript-parse-error.js'

const CLOCK = String.raw`\d{1,2}:\d{2}(?::\d{2})?`
/** Between a clock and a name: "00:05 | Maya Chen", "Maya Chen - 00:05". */
const SEPARATOR = String.raw`(?:[-|–]\s*)?`

/**
 * A turn on one line: "[00:01:02] Maya Chen: text", "00:01:02 Maya Chen: text",
 * "Maya Chen (01:02): text" or "Maya Chen: text".
 */
const INLINE_TURN = new RegExp(
  String.raw`^(?:\[?(${CLOCK})\]?\s*${SEPARATOR})?([^:[\]()]{1,60}?)(?:\s*\((${CLOCK})\))?:\s*(.*)$`,
)

/**
 * A line that names the speaker of the lines below it, as call recorders export them:
 * "Maya Chen  0:01" (Otter), "Maya Chen [00:05]", "00:05 | Maya Chen", "[00:05] Maya Chen",
 * "[Maya Chen] 10:02:31" (Zoom's saved transcript; the time is required, so a "[Laughter]" line
 * stays text).
 */
const HEADINGS = [
  new RegExp(
    String.raw`^(?<name>[^:[\]()|]{1,60}?)\s*${SEPARATOR}[([]?(?<clock>${CLOCK})[)\]]?:?$`,
  ),
  new RegExp(
    String.raw`^[([]?(?<clock>${CLOCK})[)\]]?\s*${SEPARATOR}(?<name>[^:[\]()|]{1,60}?):?$`,
  ),
  new RegExp(String.raw`^\[(?<name>[^:[\]()|]{1,60}?)\]\s*${SEPARATOR}(?<clock>${CLOCK})$`),
]

/** A person's or a role's name: letters first, at most five words ("Speaker 2" included). */
function isSpeakerName(name: string): boolean {
  return /^\p{L}[\p{L}\d .'-]*$/u.test(name) && name.split(/\s+/u).length <= 5
}

function clockToMs(clock: string | undefined): number | undefined {
  if (!clock) return undefined
  const parts = clock.split(':').map(Number)
  const padded = parts.length === 2 ? [0, ...parts] : parts
  const ms = parseTimestamp(`${padded.map((p) => String(p).padStart(2, '0')).join(':')}.000`)
  return ms ?? undefined
}

function turn(speaker: string, text: string, clock: string | undefined): ParsedUtterance {
  const start = clockToMs(clock)
  return { speaker, text: text.trim(), ...(start !== undefined ? { start_ms: start } : {}) }
}

function inlineTurn(line: string): ParsedUtterance | null {
  const match = INLINE_TURN.exec(line)
  const speaker = match?.[2]?.trim()
  if (!match || !speaker || !isSpeakerName(speaker)) return null
  return turn(speaker, match[4] ?? '', match[1] ?? match[3])
}

/** The turn a heading line opens, its text still to come; null when the line is not one. */
function headingTurn(line: string): ParsedUtterance | null {
  for (const heading of HEADINGS) {
    const groups = heading.exec(line)?.groups
    const name = groups?.name?.trim()
    if (groups && name && isSpeakerName(name)) return turn(name, '', groups.clock)
  }
  return null
}

/** A line that is only a time: recorders mark the minutes between turns ("00:05:00"). */
const CLOCK_LINE = new RegExp(String.raw`^[([]?${CLOCK}[)\]]?$`)

/**
 * A name alone on its line with the time on the next, as a transcript copied from Microsoft
 * Teams reads ("Maya Chen" / "0:03" / text). Only as a file's layout: elsewhere a short line of
 * text above a minute mark would read as a name.
 */
function nameOverClockTurn(lines: readonly string[], i: number): ParsedUtterance | null {
  const name = lines[i] ?? ''
  const next = lines[i + 1] ?? ''
  if (name === '' || !isSpeakerName(name) || !CLOCK_LINE.test(next)) return null
  return turn(name, '', next.replace(/[()[\]]/g, ''))
}

/** What opens a turn at line `i` in each layout, in the order a first turn is tried. */
type TurnOpener = (lines: readonly string[], i: number) => ParsedUtterance | null
const LAYOUTS: readonly TurnOpener[] = [
  (lines, i) => headingTurn(lines[i] ?? ''),
  nameOverClockTurn,
  (lines, i) => inlineTurn(lines[i] ?? ''),
]

/** The first line that opens a turn, and the layout that opens it (none: -1 and undefined). */
function layoutOf(lines: readonly string[]): { firstTurn: number; opensTurn?: TurnOpener } {
  for (let i = 0; i < lines.length; i++) {
    const opensTurn = LAYOUTS.find((opens) => opens(lines, i))
    if (opensTurn) return { firstTurn: i, opensTurn }
  }
  return { firstTurn: -1 }
}

/**
 * Lines a recorder's export may put above the first turn: the meeting's title, its date, a
 * "Transcript" heading. They are no one's speech, so they are left out (kept as a turn, they
 * asked the user to call the title a seller or a buyer). More lines than this, or one ending a
 * sentence as speech does, before any speaker is not a header but speech without a speaker,
 * and the file is refused rather than read without it.
 */
const MAX_HEADER_LINES = 3
const SENTENCE_END = /[.?!…]["'’”)\]]*$/u

function isHeader(lines: readonly string[]): boolean {
  return lines.length <= MAX_HEADER_LINES && !lines.some((line) => SENTENCE_END.test(line))
}

/**
 * Plain-text transcripts in any of three layouts: a turn per "Speaker: text" line, a heading line
 * naming the speaker (with a clock) above the turn's text, or the name and the clock on lines of
 * their own above it. The first line that opens a turn decides which, so a sentence that happens
 * to end in a time ("call me at 10:30") stays text. Lines that open no turn continue the previous
 * one; lines that are only a time, and a short header, are left out.
 */
export function parsePlainTranscript(content: string): ParsedUtterance[] {
  const lines = content
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
  const { firstTurn, opensTurn } = layoutOf(lines)
  const header = lines
    .slice(0, firstTurn < 0 ? lines.length : firstTurn)
    .filter((line) => line !== '' && !CLOCK_LINE.test(line))
  if (!opensTurn || !isHeader(header)) {
    const first = lines.findIndex((line) => line !== '')
    if (first < 0) throw new TranscriptParseError('transcript', 1, 'no "Speaker: text" lines found')
    throw new TranscriptParseError(
      'transcript',
      first + 1,
      'expected "Speaker: text" before any other line',
    )
  }
  const out: ParsedUtterance[] = []
  for (let i = firstTurn; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '' || CLOCK_LINE.test(line)) continue
    const opened = opensTurn(lines, i)
    const last = out.at(-1)
    if (opened) out.push(opened)
    else if (last) last.text = `${last.text} ${line}`.trim()
  }
  return out.filter((u) => u.text !== '')
}
