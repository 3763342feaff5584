import { describe, expect, it } from 'vitest'
import { PLAIN_TRANSCRIPT } from '../test-support/sample-files.js'
import { parsePlainTranscript } from './parse-plain-transcript.js'

describe('parsePlainTranscript', () => {
  it('reads speakers, optional timestamps and continuation lines', () => {
    expect(parsePlainTranscript(PLAIN_TRANSCRIPT)).toEqual([
      { speaker: 'Maya Chen', text: 'Thanks for joining.', start_ms: 5000 },
      { speaker: 'Tom Ruiz', text: 'Sure. We have nine locations and two states.', start_ms: 9000 },
      { speaker: 'Maya Chen', text: 'How do you run payroll today?', start_ms: 20000 },
    ])
  })

  it('names the first line when it has no speaker', () => {
    expect(() => parsePlainTranscript('just some text\nA: hi')).toThrow(/transcript, line 1/)
  })

  it('rejects an empty file', () => {
    expect(() => parsePlainTranscript('\n\n')).toThrow(/no "Speaker: text" lines/)
  })
})
