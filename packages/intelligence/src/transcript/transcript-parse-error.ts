// A transcript or e-mail file that cannot be read; `line` is 1-based and is in the message.
export class TranscriptParseError extends Error {
  readonly line: number

  constructor(format: string, line: number, reason: string) {
    super(`${format}, line ${line}: ${reason}`)
    this.name = 'TranscriptParseError'
    this.line = line
  }
}
