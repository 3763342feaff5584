import type { Engagement, Utterance } from '@dealcoach/contracts/intelligence'

// Most of a real discovery call is neutral; roughly one buyer sentence in six resists.
const SELLER_LINES = [
  'What does a typical week look like for your operations team?',
  'And when a new location opens, who sets up the accounts and the schedules?',
  'Got it, so the handoff happens on Thursday afternoons, is that right?',
  'Which reports do your managers look at first thing in the morning?',
  'How do you track overtime across the different sites today?',
  'Our onboarding team usually runs two working sessions in the first week.',
  'Thanks for making the time today, I know the week is busy.',
  'Could you walk me through how the team handles this process today?',
  'How many hours a week does that take, roughly, across the team?',
  'That makes sense. Who else would be involved in a decision like this?',
  'We integrate with most of the common systems, and onboarding usually takes about three weeks.',
  'I can send over a written proposal with both options by Friday.',
  'Would it help if we set up a sandbox with your own data before the demo?',
  'Totally fair concern. Can I ask what you are comparing it to?',
  'Let me share my screen and show you the reporting view.',
  'Our customers typically see a fifteen percent reduction in manual work within the first quarter.',
]
const BUYER_LINES = [
  'We have about two hundred people across the three sites, mostly hourly staff.',
  'The managers check the dashboard every morning before the first shift starts.',
  'Jess handles the exports and I review the totals before anything goes out.',
  'Sure, I can send you last month’s report after the call.',
  'We open the new warehouse in the spring, so hiring picks up in March.',
  'That is helpful, thanks for walking me through it.',
  'Yes, that matches what we see on our side as well.',
  'Our finance team closes the books on the fifth working day of the month.',
  'Most of the questions come from the night shift supervisors.',
  'We tried a pilot of a scheduling app last year with one of the teams.',
  'Good question, I think Carla would know the exact number.',
  'Right, and the audit team asks for the same data every quarter.',
  'Right now we do most of it by hand in a spreadsheet, and it takes most of a day every week.',
  'Honestly the price is going to be a problem, we pay about half that today.',
  'I would have to run this by our finance director before anything gets signed.',
  'We already use another tool for part of this, and people are fairly happy with it.',
  'The big deadline for us is the audit at the end of June.',
  'If it does not connect to our ERP, it is not going to work for us.',
  'Our security team will need to review how the data is stored.',
  'That would actually help a lot, she likes one-page summaries.',
  'We lost two customers last quarter because of late deliveries.',
  'Can we talk again next Tuesday at ten? That works for me.',
  'I am not sure we can take this on before the summer season.',
  'Cost is not really the issue, it is the time to implement.',
]

// Deterministic linear congruential generator, so every bench run sees the same calls.
function rng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

// A 30-minute two-party call of about `words` words (~150 words a minute spoken).
export function generateCallTranscript(seed: number, words = 4500): Engagement {
  const next = rng(seed)
  const utterances: Utterance[] = []
  let count = 0
  let ms = 0
  while (count < words) {
    const seller = utterances.length % 2 === 0
    const pool = seller ? SELLER_LINES : BUYER_LINES
    const sentences = 1 + Math.floor(next() * 3)
    const parts: string[] = []
    for (let i = 0; i < sentences; i++) parts.push(pool[Math.floor(next() * pool.length)] ?? '')
    const text = parts.join(' ')
    count += text.split(/\s+/).length
    utterances.push({
      speaker: seller ? 'Alex Seller' : 'Jordan Buyer',
      role: seller ? 'seller' : 'buyer',
      text,
      start_ms: ms,
    })
    ms += Math.round((text.split(/\s+/).length / 150) * 60_000)
  }
  return {
    id: `call-${seed}`,
    type: 'transcript',
    name: `Generated call ${seed}`,
    occurred_at: '2026-03-02T15:00:00Z',
    utterances,
  }
}
