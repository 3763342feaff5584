import type { Engagement } from '@dealcoach/contracts/intelligence'

// What kind of conversation a deal's engagements are, read from their titles ("Discovery
// call", "Re: revised quote", "Security review"): general sales vocabulary, one tag per stage
// a title names. Which actions a deal makes clear depends on it — a final-terms call settles
// the terms but says little about the buyer's current tools, a first call the reverse.
const STAGE_WORDS: readonly (readonly [string, RegExp])[] = [
  [
    'first',
    /\b(?:discovery|intro\w*|introduc\w*|cold|first|connect|qualif\w*|outreach|prospect\w*)\b/,
  ],
  ['demo', /\b(?:demo\w*|walkthrough|walk-through|presentation|trial|pilot|workshop)\b/],
  ['proposal', /\b(?:proposal|quote|quotation|pricing|price|offer|business case|estimate)\b/],
  [
    'closing',
    /\b(?:terms|commercial\w*|contract\w*|negotiat\w*|procurement|order form|signature|sign\w*|renewal|final|purchase)\b/,
  ],
  ['review', /\b(?:security|legal|compliance|privacy|dpa|gdpr|infosec|questionnaire|audit)\b/],
  ['follow', /\b(?:follow\w*|recap|next steps|check-in|catch-up|update)\b/],
]

function titleStages(engagement: Engagement): string[] {
  const title = engagement.name.toLowerCase()
  return STAGE_WORDS.filter(([, pattern]) => pattern.test(title)).map(([tag]) => tag)
}

// The tag for how many engagements a deal holds (dealStageTags) begins with this.
const ENGAGEMENT_COUNT = 'engagements:'

export function isEngagementCount(tag: string): boolean {
  return tag.startsWith(ENGAGEMENT_COUNT)
}

// Every stage any engagement's title names, those the latest one names (where the deal is
// now), the kinds of engagement and how many there are.
export function dealStageTags(engagements: readonly Engagement[]): string[] {
  const tags = new Set<string>()
  for (const engagement of engagements) {
    for (const tag of titleStages(engagement)) tags.add(tag)
    tags.add(engagement.type === 'transcript' ? 'has:call' : `has:${engagement.type}`)
  }
  // ISO timestamps compare as strings; undated engagements and ties go by input order.
  const latest = engagements.reduce<Engagement | undefined>(
    (last, e) => (!last || (e.occurred_at ?? '') >= (last.occurred_at ?? '') ? e : last),
    undefined,
  )
  if (latest) for (const tag of titleStages(latest)) tags.add(`now:${tag}`)
  tags.add(`${ENGAGEMENT_COUNT}${Math.min(engagements.length, 4)}`)
  return [...tags].sort()
}
