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

  it('reads a clock before the speaker, bracketed or not, and keeps a clock in the text as text', () => {
    const content = [
      '00:00:01 Maya Chen: Can we talk on Friday?',
      '[00:00:05] Tom Ruiz: Friday works.',
      '10:30 is best for me.',
    ].join('\n')
    expect(parsePlainTranscript(content)).toEqual([
      { speaker: 'Maya Chen', text: 'Can we talk on Friday?', start_ms: 1000 },
      { speaker: 'Tom Ruiz', text: 'Friday works. 10:30 is best for me.', start_ms: 5000 },
    ])
  })

  it('reads a heading line naming the speaker above the turn (Otter, Rev, Gong exports)', () => {
    const expected = [
      { speaker: 'Maya Chen', text: 'Thanks for joining. Shall we start?', start_ms: 1000 },
      { speaker: 'Speaker 2', text: 'Call me at 10:30 instead.', start_ms: 65000 },
    ]
    const layouts = [
      'Maya Chen  0:01\nThanks for joining.\nShall we start?\n\nSpeaker 2  1:05\nCall me at 10:30 instead.',
      'Maya Chen (00:01):\nThanks for joining.\nShall we start?\nSpeaker 2 (01:05):\nCall me at 10:30 instead.',
      '00:01 | Maya Chen\nThanks for joining.\nShall we start?\n01:05 | Speaker 2\nCall me at 10:30 instead.',
      '[00:00:01] Maya Chen\r\nThanks for joining.\r\nShall we start?\r\n[00:01:05] Speaker 2\r\nCall me at 10:30 instead.',
    ]
    for (const layout of layouts) expect(parsePlainTranscript(layout)).toEqual(expected)
  })

  it('reads Zoom’s bracketed names and Teams’ name and time on lines of their own', () => {
    const expected = [
      { speaker: 'Maya Chen', text: 'Thanks for joining. Shall we start?', start_ms: 1000 },
      { speaker: 'Tom Ruiz', text: 'Sure. [Laughter] Call me at 10:30.', start_ms: 65000 },
    ]
    const layouts = [
      '[Maya Chen] 00:00:01\nThanks for joining.\nShall we start?\n\n[Tom Ruiz] 00:01:05\nSure.\n[Laughter]\nCall me at 10:30.',
      'Maya Chen\n0:01\nThanks for joining.\nShall we start?\n\nTom Ruiz\n1:05\nSure.\n[Laughter]\nCall me at 10:30.',
    ]
    for (const layout of layouts) expect(parsePlainTranscript(layout)).toEqual(expected)
  })

  it('reads a short line above a minute mark as text, not a name, in the other layouts', () => {
    const content = 'Maya Chen: Shall we start?\nSounds good\n00:05:00\nTom Ruiz: Yes.'
    expect(parsePlainTranscript(content)).toEqual([
      { speaker: 'Maya Chen', text: 'Shall we start? Sounds good' },
      { speaker: 'Tom Ruiz', text: 'Yes.' },
    ])
  })

  it('does not take a number before a colon for a speaker', () => {
    expect(parsePlainTranscript('A: hi\n10: thirty minutes')).toEqual([
      { speaker: 'A', text: 'hi 10: thirty minutes' },
    ])
  })

  it('leaves out a header above the first turn and lines that are only a time', () => {
    const meet = [
      'Discovery call (2026-11-30 10:00 GMT+1)',
      'Transcript',
      '',
      '00:00:00',
      '',
      'José Núñez: We send invoices by post.',
      'Sarah Lind: Why by post?',
      '00:05:00',
      'José Núñez: Habit, mostly.',
    ].join('\n')
    expect(parsePlainTranscript(meet)).toEqual([
      { speaker: 'José Núñez', text: 'We send invoices by post.' },
      { speaker: 'Sarah Lind', text: 'Why by post?' },
      { speaker: 'José Núñez', text: 'Habit, mostly.' },
    ])
  })

  it('names the first line when more than a header comes before any speaker', () => {
    const content = '\njust some text\nmore text\nand more\nstill no speaker\nA: hi'
    expect(() => parsePlainTranscript(content)).toThrow(
      /transcript, line 2: expected "Speaker: text"/,
    )
  })

  it('refuses speech above the first turn rather than leave it out', () => {
    expect(() => parsePlainTranscript('Thanks for joining.\nA: hi')).toThrow(/transcript, line 1/)
  })

  it('refuses a file where no line names a speaker', () => {
    expect(() => parsePlainTranscript('just some text')).toThrow(/transcript, line 1/)
  })

  it('rejects an empty file', () => {
    expect(() => parsePlainTranscript('\n\n')).toThrow(/no "Speaker: text" lines/)
  })
})
