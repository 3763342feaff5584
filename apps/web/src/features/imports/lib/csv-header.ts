/**
 * Reads a CSV's header in the browser, before anything is uploaded, the way the server does
 * (apps/server/src/modules/imports/csv-reader.ts readHead): UTF-8, else windows-1252 (what Excel
 * on Windows saves), BOM stripped, `,` or `;`
 * picked by which one splits the first line outside quotes, quoted headers unquoted.
 */
export type CsvHeader =
  | { ok: true; delimiter: ',' | ';'; headers: string[] }
  | { ok: false; problem: 'empty_file' | 'binary_file' | 'no_header' }

/** A header row is never this long; the server reads no further for it either. */
export const HEADER_READ_BYTES = 64 * 1024

export function parseCsvHeader(bytes: Uint8Array): CsvHeader {
  if (bytes.length === 0) return { ok: false, problem: 'empty_file' }
  if (bytes.includes(0)) return { ok: false, problem: 'binary_file' }
  let text: string
  try {
    // `stream: true` leaves a character cut at the slice's end for later instead of refusing it.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true })
  } catch {
    // Browsers read this label as windows-1252 proper (the Encoding standard), as the server does.
    text = new TextDecoder('windows-1252').decode(bytes)
  }
  text = text.replace(/^\uFEFF/, '')
  if (text.trim() === '') return { ok: false, problem: 'empty_file' }
  const line = headerLine(text, bytes.length >= HEADER_READ_BYTES)
  if (line === undefined) return { ok: false, problem: 'no_header' }
  const delimiter = countOutsideQuotes(line, ';') > countOutsideQuotes(line, ',') ? ';' : ','
  const headers = splitLine(line, delimiter).map((header) => header.trim())
  if (headers.filter(Boolean).length < 2) return { ok: false, problem: 'no_header' }
  return { ok: true, delimiter, headers }
}

/** The first bytes of the file, as far as its header can reach. */
export async function readCsvHeader(file: Blob): Promise<CsvHeader> {
  return parseCsvHeader(await readBytes(file.slice(0, HEADER_READ_BYTES)))
}

// FileReader rather than Blob.arrayBuffer(): every browser has it, and so does the test DOM.
function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsArrayBuffer(blob)
  })
}

/** The first line that ends outside quotes; a file of one line is its own header. */
function headerLine(text: string, truncated: boolean): string | undefined {
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) return text.slice(0, i)
  }
  return quoted || truncated ? undefined : text
}

function countOutsideQuotes(line: string, wanted: string): number {
  let quoted = false
  let count = 0
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (!quoted && char === wanted) count++
  }
  return count
}

/** Splits one line into its values: `""` inside quotes is a quote, a stray quote is kept. */
function splitLine(line: string, delimiter: string): string[] {
  const values: string[] = []
  let value = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const char = line[i]
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        value += '"'
        i++
      } else if (char === '"') {
        quoted = false
      } else {
        value += char
      }
    } else if (char === '"' && value.trim() === '') {
      quoted = true
      value = ''
    } else if (char === delimiter) {
      values.push(value)
      value = ''
    } else {
      value += char
    }
  }
  values.push(value)
  return values
}
