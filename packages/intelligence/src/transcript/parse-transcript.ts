import type { ParsedUtterance } from './parsed-utterance.js'
import { parsePlainTranscript } from './parse-plain-transcript.js'
import { parseSrt } from './parse-srt.js'
import { parseWebVtt } from './parse-webvtt.js'

export type TranscriptFormat = 'webvtt' | 'srt' | 'plain'

// Picks the format from the file name when it has a known extension, else from the content.
export function detectTranscriptFormat(content: string, fileName = ''): TranscriptFormat {
  const name = fileName.toLowerCase()
  if (name.endsWith('.vtt')) return 'webvtt'
  if (name.endsWith('.srt')) return 'srt'
  const head = content.replace(/^\uFEFF/, '').trimStart()
  if (head.startsWith('WEBVTT')) return 'webvtt'
  if (/^\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2},\d{3}\s+-->/.test(head)) return 'srt'
  return 'plain'
}

export function parseTranscript(content: string, fileName = ''): ParsedUtterance[] {
  switch (detectTranscriptFormat(content, fileName)) {
    case 'webvtt':
      return parseWebVtt(content)
    case 'srt':
      return parseSrt(content)
    case 'plain':
      return parsePlainTranscript(content)
  }
}
