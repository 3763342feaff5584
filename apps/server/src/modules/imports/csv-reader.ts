import { Readable } from 'node:stream'
import { CsvError, parse } from 'csv-parse'
import { parse as parseSync } from 'csv-parse/sync'
import { decodeWindows1252 } from '@dealcoach/intelligence/email/decode-mime'

export type Delimiter = ',' | ';'

/**
 * How a file's bytes are read: UTF-8 when its start is UTF-8, else windows-1252, which is what
 * Excel on a Western-European or American Windows saves as plain "CSV" (every byte is a character
 * there, so nothing is refused; the dry run shows the values as they will be imported). A file
 * read as UTF-8 goes on in windows-1252 from the first stored piece that is not UTF-8 (such a file
 * began in plain ASCII, which reads the same in both).
 */
export type FileEncoding = 'utf-8' | 'windows-1252'

/** What the start of a file says about it: its encoding, delimiter and header, or why it is no CSV. */
export type FileHead =
  | { ok: true; encoding: FileEncoding; delimiter: Delimiter; headers: string[] }
  | { ok: false; code: 'empty_file' | 'binary_file' | 'no_header'; message: string }

/** A header row is never this long; a "line" past it means the file has no line breaks to speak of. */
const MAX_HEADER_BYTES = 64 * 1024

/**
 * Reads the header from the file's first bytes (the first stored piece), in the encoding they are
 * in, and picks `,` or `;` by which one splits the header line outside quotes.
 */
export function readHead(first: Buffer): FileHead {
  if (first.length === 0 || first.toString('utf8').trim() === '') {
    return { ok: false, code: 'empty_file', message: 'The file is empty.' }
  }
  if (isBinary(first)) {
    return {
      ok: false,
      code: 'binary_file',
      message: 'The file is binary, not a CSV text file (a spreadsheet must be saved as CSV).',
    }
  }
  let encoding: FileEncoding = 'utf-8'
  let text: string
  try {
    // `stream: true` leaves a character cut at the piece's end for later instead of refusing it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(first, { stream: true })
  } catch {
    encoding = 'windows-1252'
    text = decodeWindows1252(first)
  }
  text = text.replace(/^\uFEFF/, '')
  const line = headerLine(text.slice(0, MAX_HEADER_BYTES))
  if (line === undefined) {
    return { ok: false, code: 'no_header', message: 'The file has no header row.' }
  }
  const delimiter = countOutsideQuotes(line, ';') > countOutsideQuotes(line, ',') ? ';' : ','
  let headers: string[]
  try {
    const rows: string[][] = parseSync(line, { delimiter, relax_quotes: true })
    headers = (rows[0] ?? []).map((header) => header.trim())
  } catch {
    return { ok: false, code: 'no_header', message: 'The header row cannot be read as CSV.' }
  }
  if (headers.length < 2 || headers.filter(Boolean).length < 2) {
    return {
      ok: false,
      code: 'no_header',
      message: 'The header row names fewer than two columns: is this a CSV with a header?',
    }
  }
  return { ok: true, encoding, delimiter, headers }
}

/**
 * The openings of files people pick instead of a CSV (PDF, a zip such as .xlsx, an old .xls,
 * images), which a NUL byte alone does not catch: a PDF's first kilobytes may hold none.
 */
const BINARY_SIGNATURES = [
  '%PDF-',
  'PK\x03\x04',
  '\xD0\xCF\x11\xE0',
  '\x89PNG',
  '\xFF\xD8\xFF',
  'GIF8',
  '{\\rtf',
].map((signature) => Buffer.from(signature, 'latin1'))

/** How much of the start is looked at for control characters no text file has. */
const SNIFF_BYTES = 8 * 1024

/**
 * Whether the file is binary, not text: a NUL byte, the opening of a known binary format, or
 * more than a few control characters (other than tab, line breaks, form feed and escape) in its
 * first 8 KB, which no CSV has.
 */
function isBinary(first: Buffer): boolean {
  if (first.includes(0)) return true
  if (BINARY_SIGNATURES.some((signature) => first.subarray(0, signature.length).equals(signature)))
    return true
  let controls = 0
  const sniffed = first.subarray(0, SNIFF_BYTES)
  for (const byte of sniffed) {
    if (byte < 0x20 && ![0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b].includes(byte)) controls += 1
  }
  return controls > 4 && controls > sniffed.length / 100
}

/** The first line of the text that ends outside quotes, or undefined if none ends in the text. */
function headerLine(text: string): string | undefined {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, i)
  }
  // A file of one line (a header without rows) is still a header.
  return quoted || text.length >= MAX_HEADER_BYTES ? undefined : text
}

function countOutsideQuotes(line: string, char: string): number {
  let quoted = false
  let count = 0
  for (const c of line) {
    if (c === '"') quoted = !quoted
    else if (!quoted && c === char) count++
  }
  return count
}

/** A CSV problem that spoils the rest of the file (an unclosed quote), with its line. */
export class CsvFileError extends Error {
  override name = 'CsvFileError'
  constructor(
    message: string,
    /** The file's line where reading stopped, when the parser knows it. */
    readonly line?: number,
  ) {
    super(message)
  }
}

/**
 * The file's data rows, one at a time, numbered as a spreadsheet shows them less its header row:
 * row 1 is the first row after the header, a blank line (empty, or only separators) is a row
 * (skipped, but counted) and a value with quoted line breaks stays within its row. The pieces are
 * read as the parser asks for them, so memory holds one piece and one row.
 */
export async function* readRows(
  pieces: AsyncIterable<Buffer>,
  { encoding, delimiter }: { encoding: FileEncoding; delimiter: Delimiter },
): AsyncGenerator<{ row: number; values: string[] }> {
  const text = encoding === 'utf-8' ? utf8Text(pieces) : windows1252Text(pieces)
  // The file's line where the last row read ended: the header's until a row is read.
  let lastLine = 1
  const parser = Readable.from(text).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      // Blank lines come through as rows of one empty value, so that they are counted: the parser
      // would skip them uncounted, and every later row would be reported rows above its place.
      skip_empty_lines: false,
      // A stray quote inside a value ("5" screen") is common in exports; read it literally.
      relax_quotes: true,
      from: 2,
      // Called as the parser reads each row, before a later error is raised: the rows already
      // read may still wait in the stream's buffer when it is.
      on_record: (record: string[], { lines }: { lines: number }) => {
        lastLine = lines
        return record
      },
    }),
  )
  let row = 0
  try {
    for await (const values of parser as AsyncIterable<string[]>) {
      row++
      if (!isBlankLine(values)) yield { row, values }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // The parser reports an unclosed quote at the file's end; the quote opened on the line
      // after the last row it read, which is where the user has to look.
      const line =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? lastLine + 1
          : (error as CsvError & { lines?: number }).lines
      throw new CsvFileError(
        `The file cannot be read as CSV${line ? ` at line ${line}` : ''}: ${error.message}`,
        line || undefined,
      )
    }
    throw error
  }
}

/**
 * An empty line reads as one empty value, a line of only separators (`,,,,`: a spreadsheet saves
 * an emptied row so) as several: neither holds anything to import, so both are blank lines.
 */
function isBlankLine(values: readonly string[]): boolean {
  return values.every((value) => value === '')
}

/** The pieces as text: windows-1252 gives every byte a character, so no piece cuts one in two. */
async function* windows1252Text(pieces: AsyncIterable<Buffer>): AsyncGenerator<string> {
  for await (const piece of pieces) yield decodeWindows1252(piece)
}

/**
 * The pieces as UTF-8 text, each with the start of a character cut at its end carried over to the
 * next, until a piece is not UTF-8: from there on, that piece included, they are windows-1252.
 */
export async function* utf8Text(pieces: AsyncIterable<Buffer>): AsyncGenerator<string> {
  // Each piece is decoded on its own, so the decoder must keep a U+FEFF at a piece's start; the
  // parser drops the file's leading one (its `bom` option).
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
  let carried: Buffer = Buffer.alloc(0)
  let windows1252 = false
  for await (const piece of pieces) {
    const bytes = carried.length > 0 ? Buffer.concat([carried, piece]) : piece
    carried = Buffer.alloc(0)
    if (!windows1252) {
      const whole = bytes.length - cutCharacterBytes(bytes)
      try {
        const text = utf8.decode(bytes.subarray(0, whole))
        carried = bytes.subarray(whole)
        yield text
        continue
      } catch {
        windows1252 = true
      }
    }
    yield decodeWindows1252(bytes)
  }
  // A character cut at the file's very end is no UTF-8: its bytes are read one by one.
  if (carried.length > 0) yield decodeWindows1252(carried)
}

/** How many bytes at the end start a UTF-8 character the buffer cuts off (0 when none is cut). */
export function cutCharacterBytes(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number
    // A continuation byte (10xxxxxx): the character's first byte is further back.
    if ((byte & 0xc0) === 0x80) continue
    if (byte < 0xc0) return 0
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2
    return length > back ? back : 0
  }
  return 0
}
