import { describe, expect, it } from 'vitest'
import { ZOOM_VTT } from '../test-support/sample-files.js'
import { parseWebVtt } from './parse-webvtt.js'
import { TranscriptParseError } from './transcript-parse-error.js'

describe('parseWebVtt', () => {
  it('reads voice tags and timing, merging a speaker’s consecutive cues', () => {
    const utterances = parseWebVtt(ZOOM_VTT)
    expect(utterances).toEqual([
      {
        speaker: 'Maya Chen',
        text: 'Hi Tom, thanks for making time. How is payroll run today?',
        start_ms: 1120,
        end_ms: 7200,
      },
      {
        speaker: 'Tom Ruiz',
        text: 'Honestly it is a very large spreadsheet & a lot of manual work.',
        start_ms: 7800,
        end_ms: 12010,
      },
      { speaker: 'Maya Chen', text: 'Got it.', start_ms: 12500, end_ms: 15000 },
    ])
  })

  it('rejects a file without the WEBVTT header, naming line 1', () => {
    expect(() => parseWebVtt('1\n00:00:01.000 --> 00:00:02.000\nHi')).toThrow(
      /line 1: the file must start with "WEBVTT"/,
    )
  })

  it('names the line of a malformed cue timing', () => {
    const broken = 'WEBVTT\n\n1\n00:00:01.000 -> 00:00:02.000\n<v A>Hi</v>\n'
    try {
      parseWebVtt(broken)
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(TranscriptParseError)
      expect((error as TranscriptParseError).line).toBe(4)
    }
  })

  it('rejects a cue that ends before it starts', () => {
    expect(() => parseWebVtt('WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nHi\n')).toThrow(
      /line 3: invalid cue timing/,
    )
  })
})
