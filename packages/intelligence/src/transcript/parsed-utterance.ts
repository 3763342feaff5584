// A turn read from a transcript file, before roles are known.
export interface ParsedUtterance {
  speaker: string
  text: string
  start_ms?: number
  end_ms?: number
}

// Subtitle formats split one person's turn into many short cues; consecutive cues of the
// same speaker become one utterance again.
export function mergeConsecutive(cues: readonly ParsedUtterance[]): ParsedUtterance[] {
  const out: ParsedUtterance[] = []
  for (const cue of cues) {
    const last = out[out.length - 1]
    if (last && last.speaker === cue.speaker) {
      last.text = `${last.text} ${cue.text}`.trim()
      if (cue.end_ms !== undefined) last.end_ms = cue.end_ms
    } else {
      out.push({ ...cue })
    }
  }
  return out
}

// Captioners mark a change of speaker with ">>" (broadcast style) or a dialogue dash before the
// name. Names are read in any script and with any accents ("José Núñez", "Łukasz", "Zoë O’Neil"):
// an ASCII-only pattern left such a speaker "Unknown", with the name kept in the text.
const NAME_WORD = String.raw`\p{Lu}[\p{L}\p{M}\d.'’-]*`
const SPEAKER_PREFIX = new RegExp(
  String.raw`^(?:>>\s*|-\s+)?(${NAME_WORD}(?: ${NAME_WORD}){0,3}|\p{Lu}[\p{Lu}\d ]{0,30}|Speaker \d+):\s+(.*)$`,
  'u',
)

// "Maya Chen: text" (or ">> MAYA: text") → speaker and text, for cues that carry no voice tag.
export function splitSpeakerPrefix(text: string): { speaker: string | null; text: string } {
  const match = SPEAKER_PREFIX.exec(text)
  return match ? { speaker: match[1] ?? null, text: match[2] ?? '' } : { speaker: null, text }
}
