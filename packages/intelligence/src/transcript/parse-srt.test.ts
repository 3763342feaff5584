import { describe, expect, it } from 'vitest'
import { TEAMS_SRT } from '../test-support/sample-files.js'
import { parseSrt } from './parse-srt.js'

describe('parseSrt', () => {
  it('reads "Name:" and "[Name]" speakers; a cue without one continues the turn', () => {
    expect(parseSrt(TEAMS_SRT)).toEqual([
      { speaker: 'Maya Chen', text: 'Thanks for joining, everyone.', start_ms: 1000, end_ms: 3500 },
      {
        speaker: 'Tom Ruiz',
        text: 'The price is too high for us. We pay half that today.',
        start_ms: 3900,
        end_ms: 8000,
      },
      {
        speaker: 'Maya Chen',
        text: 'Fair, can I ask what is included?',
        start_ms: 8500,
        end_ms: 10000,
      },
    ])
  })

  it('reads a speaker inside formatting tags and after a caption’s ">>" or dialogue dash', () => {
    const srt = [
      '1\n00:00:01,500 --> 00:00:04,200\n<i>Maya Chen:</i> Hi Tom, thanks.',
      '2\n00:00:04,900 --> 00:00:09,100\n<font color="#ffff00">Tom Ruiz:</font> The price is high.',
      '3\n00:00:09,900 --> 00:00:12,100\n>> MAYA: Understood.',
      '4\n00:00:12,900 --> 00:00:15,100\n- Tom Ruiz: No budget this year.',
    ].join('\n\n')
    expect(parseSrt(srt).map((turn) => [turn.speaker, turn.text])).toEqual([
      ['Maya Chen', 'Hi Tom, thanks.'],
      ['Tom Ruiz', 'The price is high.'],
      ['MAYA', 'Understood.'],
      ['Tom Ruiz', 'No budget this year.'],
    ])
  })

  it('names the line when a cue number is missing', () => {
    expect(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nA: hi\n\nnot a number\n')).toThrow(
      /SRT, line 5: expected a cue number/,
    )
  })

  it('names the line of a bad timing', () => {
    expect(() => parseSrt('1\n00:00:01,000 to 00:00:02,000\nA: hi\n')).toThrow(/SRT, line 2/)
  })
})
