// Courtesies whose words name no topic: "No problem at all, I blocked the hour" is not about a
// problem, nor "no worries" about a worry. Their stems are no topic a sentence shares with an
// action, and a sentence that meets an action only through one is not cited as its proof.
const COURTESY = /\b(?:no|not a|not any) (?:problem|problems|worries|worry|bother|trouble)\b/
const COURTESY_STEMS: ReadonlySet<string> = new Set(['problem', 'worri', 'bother', 'troubl'])

// Whether `stem` of a sentence whose normal form is `norm` is a courtesy's, not a topic.
export function isCourtesyStem(stem: string, norm: string): boolean {
  return COURTESY_STEMS.has(stem) && COURTESY.test(norm)
}

// Whether a sentence holds a courtesy ("no problem at all").
export function holdsCourtesy(norm: string): boolean {
  return COURTESY.test(norm)
}
