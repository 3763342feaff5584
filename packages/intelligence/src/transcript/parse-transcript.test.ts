import { describe, expect, it } from 'vitest'
import { PLAIN_TRANSCRIPT, TEAMS_SRT, ZOOM_VTT } from '../test-support/sample-files.js'
import { assignRoles } from './assign-roles.js'
import { detectTranscriptFormat, parseTranscript } from './parse-transcript.js'

describe('parseTranscript', () => {
  it('detects the format from the name or the content', () => {
    expect(detectTranscriptFormat(ZOOM_VTT)).toBe('webvtt')
    expect(detectTranscriptFormat(TEAMS_SRT)).toBe('srt')
    expect(detectTranscriptFormat(PLAIN_TRANSCRIPT)).toBe('plain')
    expect(detectTranscriptFormat(PLAIN_TRANSCRIPT, 'call.vtt')).toBe('webvtt')
  })

  it('parses each format into utterances', () => {
    expect(parseTranscript(TEAMS_SRT, 'call.srt')).toHaveLength(3)
    expect(parseTranscript(ZOOM_VTT)[0]?.speaker).toBe('Maya Chen')
  })
})

describe('assignRoles', () => {
  it('marks organisation users as sellers, contacts as buyers, others unknown', () => {
    const roles = assignRoles(
      [
        { speaker: 'Maya', text: 'a' },
        { speaker: 'Tom Ruiz', text: 'b' },
        { speaker: 'Ravi', text: 'c' },
      ],
      { sellers: ['Maya Chen'], buyers: ['Tom Ruiz'] },
    ).map((u) => u.role)
    expect(roles).toEqual(['seller', 'buyer', 'unknown'])
  })
})
