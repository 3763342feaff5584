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

  it('reads "Name:" speakers in any script; a cue without a speaker continues the turn', () => {
    const vtt = [
      'WEBVTT',
      '00:00:01.000 --> 00:00:03.000\nJosé Núñez: We send invoices by post.',
      '00:00:03.000 --> 00:00:05.000\nand scan them again here.',
      '00:00:05.500 --> 00:00:07.000\nŁukasz Wójcik-Żak: Why by post?',
      '00:00:07.500 --> 00:00:09.000\n>> ZOË: Habit, mostly.',
    ].join('\n\n')
    expect(parseWebVtt(vtt).map((turn) => [turn.speaker, turn.text])).toEqual([
      ['José Núñez', 'We send invoices by post. and scan them again here.'],
      ['Łukasz Wójcik-Żak', 'Why by post?'],
      ['ZOË', 'Habit, mostly.'],
    ])
  })

  it('calls the speaker of cues before any named one "Unknown"', () => {
    const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHello there.\n'
    expect(parseWebVtt(vtt)).toEqual([
      { speaker: 'Unknown', text: 'Hello there.', start_ms: 1000, end_ms: 2000 },
    ])
  })

  it('ignores header metadata lines such as Kind and Language', () => {
    const vtt =
      'WEBVTT\nKind: captions\nLanguage: en\n\n00:00:01.000 --> 00:00:02.500\n<v Ana>Hello</v>\n'
    expect(parseWebVtt(vtt)).toEqual([
      { speaker: 'Ana', text: 'Hello', start_ms: 1000, end_ms: 2500 },
    ])
  })

  it('accepts a title after the WEBVTT keyword', () => {
    const vtt = 'WEBVTT - Discovery call\n\n00:00:01.000 --> 00:00:02.000\nAna: Hello\n'
    expect(parseWebVtt(vtt)).toEqual([
      { speaker: 'Ana', text: 'Hello', start_ms: 1000, end_ms: 2000 },
    ])
  })

  it('skips NOTE, STYLE and REGION blocks wherever they appear', () => {
    const vtt = [
      'WEBVTT',
      '',
      'STYLE',
      '::cue { color: yellow }',
      '',
      'REGION',
      'id:speaker width:40% lines:3',
      '',
      'NOTE',
      'multi-line note',
      'still the note',
      '',
      '00:00:01.000 --> 00:00:02.000',
      '<v Ana>Hello</v>',
      '',
      'NOTE between cues',
      '',
      '00:00:03.000 --> 00:00:04.000',
      '<v Ben>Hi Ana</v>',
    ].join('\n')
    expect(parseWebVtt(vtt)).toEqual([
      { speaker: 'Ana', text: 'Hello', start_ms: 1000, end_ms: 2000 },
      { speaker: 'Ben', text: 'Hi Ana', start_ms: 3000, end_ms: 4000 },
    ])
  })

  it('accepts cue settings after the timing', () => {
    const vtt =
      'WEBVTT\n\nintro\n00:00:01.000 --> 00:00:02.000 align:start position:10% line:0\n<v Ana>Hello</v>\n'
    expect(parseWebVtt(vtt)).toEqual([
      { speaker: 'Ana', text: 'Hello', start_ms: 1000, end_ms: 2000 },
    ])
  })

  it('names the broken timing line of a cue after header metadata and a NOTE', () => {
    const broken =
      'WEBVTT\nKind: captions\nLanguage: en\n\nNOTE x\n\n00:00:01.000 --> 00:00:02.000\nHi\n\n2\n00:00:03.000 --> later\nThere\n'
    expect(() => parseWebVtt(broken)).toThrow(/line 11: invalid cue timing/)
  })

  it('rejects a file without the WEBVTT header, naming line 1, with a code the app words', () => {
    expect(() => parseWebVtt('1\n00:00:01.000 --> 00:00:02.000\nHi')).toThrow(
      /line 1: the file must start with "WEBVTT"/,
    )
    expect(() => parseWebVtt('Ana: Hi')).toThrow(expect.objectContaining({ code: 'not_webvtt' }))
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
