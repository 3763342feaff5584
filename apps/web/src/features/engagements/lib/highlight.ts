/** A piece of text, marked when it is part of a quoted piece of evidence. */
export interface TextPiece {
  text: string
  marked: boolean
}

const MIN_QUOTE_LENGTH = 8

const normalise = (text: string) => text.toLowerCase()

/**
 * Splits `text` where it quotes one of `quotes` (case-insensitive). A quote that spans several
 * utterances marks a whole utterance found inside it, so evidence cut across speakers' turns still
 * shows. Very short quotes are ignored: they would mark common words everywhere.
 */
export function highlightQuotes(text: string, quotes: readonly string[]): TextPiece[] {
  const haystack = normalise(text)
  const ranges: [number, number][] = []
  for (const quote of quotes) {
    const needle = normalise(quote.trim().replace(/^["“”']+|["“”']+$/g, ''))
    if (needle.length < MIN_QUOTE_LENGTH) continue
    let from = haystack.indexOf(needle)
    while (from !== -1) {
      ranges.push([from, from + needle.length])
      from = haystack.indexOf(needle, from + needle.length)
    }
    const whole = haystack.trim()
    if (whole.length >= MIN_QUOTE_LENGTH && needle.includes(whole)) {
      const start = haystack.indexOf(whole)
      ranges.push([start, start + whole.length])
    }
  }
  if (ranges.length === 0) return text ? [{ text, marked: false }] : []
  ranges.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const range of ranges) {
    const last = merged.at(-1)
    // Evidence next to evidence (two quoted sentences in a row) reads as one passage.
    if (last && text.slice(last[1], range[0]).trim() === '') last[1] = Math.max(last[1], range[1])
    else merged.push([...range])
  }
  const pieces: TextPiece[] = []
  let cursor = 0
  for (const [start, end] of merged) {
    if (start > cursor) pieces.push({ text: text.slice(cursor, start), marked: false })
    pieces.push({ text: text.slice(start, end), marked: true })
    cursor = end
  }
  if (cursor < text.length) pieces.push({ text: text.slice(cursor), marked: false })
  return pieces
}
