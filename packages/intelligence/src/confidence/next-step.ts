import type { Engagement } from '@dealcoach/contracts/intelligence'
import { emailText } from '../email/strip-reply.js'

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'
const ORDINAL = '\\d{1,2}(?:st|nd|rd|th)?'

// A day still to come: a weekday (not "last Friday"), tomorrow, next week, the end of this
// month, in two weeks, the 12th, 12 March, March 12.
const FUTURE_DAY = new RegExp(
  [
    '(?<!last )\\b(?:monday|tuesday|wednesday|thursday|friday)\\b',
    '\\btomorrow\\b',
    '\\bnext (?:week|month)\\b',
    '\\bend of (?:the |this |next )?(?:week|month)\\b',
    '\\bin (?:a|one|two|three|four|a couple of|\\d+) (?:days?|weeks?)\\b',
    '\\bthe \\d{1,2}(?:st|nd|rd|th)\\b',
    `\\b${ORDINAL} (?:of )?${MONTH}\\b`,
    `\\b${MONTH} ${ORDINAL}\\b`,
  ].join('|'),
  'i',
)

// Someone takes it on or asks for it: "I will send", "let's meet", "send me", "see you then".
const COMMITMENT =
  /\b(?:i will|i'll|we will|we'll|(?:i am|i'm|we are|we're) going to|let us|let's|shall we|can (?:you|we)|could (?:you|we)|please|send (?:me|us|it|over)|see you|speak (?:to you )?(?:then|on)|talk (?:to you )?(?:then|on)|(?:works|suits) (?:for )?(?:me|us)|booked|invite|calendar|schedul\w*)\b/i

const SENTENCE_BREAK = /(?<=[.!?])\s+|\n+/

function latest(engagements: readonly Engagement[]): Engagement | undefined {
  let found: Engagement | undefined
  let foundAt = Number.NEGATIVE_INFINITY
  for (const engagement of engagements) {
    const at = engagement.occurred_at ? Date.parse(engagement.occurred_at) : Number.NaN
    // Undated engagements count as later than the one before them (input order).
    const when = Number.isNaN(at) ? foundAt : at
    if (when >= foundAt) {
      found = engagement
      foundAt = when
    }
  }
  return found
}

function textsOf(engagement: Engagement): string[] {
  if (engagement.utterances && engagement.utterances.length > 0) {
    return engagement.utterances.map((u) => u.text)
  }
  return [emailText(engagement.body ?? '')]
}

/**
 * Whether the deal's latest call or e-mail sets a next step on a day: one sentence in which
 * someone takes something on or asks for it, with a day still to come ("Send me the numbers by
 * Friday", "Let's meet on the 12th"). The latest only: a step agreed in an earlier call has
 * either happened or been replaced.
 */
export function agreesDatedNextStep(engagements: readonly Engagement[]): boolean {
  const last = latest(engagements)
  if (!last) return false
  return textsOf(last).some((text) =>
    text
      .split(SENTENCE_BREAK)
      .some((sentence) => COMMITMENT.test(sentence) && FUTURE_DAY.test(sentence)),
  )
}
