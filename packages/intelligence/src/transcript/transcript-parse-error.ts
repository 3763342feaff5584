// A transcript or e-mail file that cannot be read; `line` is 1-based and is in the message.
// `code` names a refusal the app words on its own.

/** A .vtt file whose first line is not "WEBVTT" (often a plain transcript saved as .vtt). */
export const NOT_WEBVTT = 'not_webvtt'

export class TranscriptParseError extends Error {
  readonly line: number
  readonly code: string | undefined

  constructor(format: string, line: number, reason: string, code?: string) {
    super(`${format}, line ${line}: ${reason}`)
    this.name = 'TranscriptParseError'
    this.line = line
    this.code = code
  }
}
