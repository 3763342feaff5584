import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { call } from '../test-support/deal-builders.js'
import {
  RULE_RESISTANCE_THRESHOLD as OBJECTION_THRESHOLD,
  scoreResistance,
} from './score-resistance.js'

function score(sentence: string): number {
  const norm = analyseEngagements([call('e', [['buyer', sentence]])]).sentences[0]?.norm ?? ''
  return scoreResistance(norm).score
}

describe('scoreResistance', () => {
  it.each([
    'That is way too expensive for a team our size.',
    "We don't have the budget this year.",
    'I will have to run this by my CFO before anything is signed.',
    'We already use another vendor and people are happy with it.',
    'Let us revisit this after the busy season.',
    'How do I know this is legit?',
    'Our current process works for us, so why change?',
    'Honestly, it is too late in the year to start a project like this.',
    'Forty thousand is way over what we could justify for a pilot.',
    'An auto-renewal clause is not something I would sign.',
    'It is not my budget; that is up to the operations director.',
    'Honestly, we could probably build that ourselves with two developers.',
    // The offer's price next to a competitor's is a price objection.
    'Your quote is about thirty percent more than Veeam.',
    'Frankly it is more expensive than the tool we have.',
    // Resistance kinds of persuasion chats (charity appeals), in general wording.
    "I'd like to hold on to my cash for now.",
    'We can donate $0 this round.',
    'How can they make sure the aid reaches the families?',
    'Will every cent we send go to those kids?',
    'How much does the chief executive earn, roughly?',
    'I wonder how much their director takes home.',
    'Would 90% of my gift really go to the children?',
    'Normally we contribute to the food bank in our town.',
    "We won't move on this until our audit is finished.",
    'We need to do some research on the group first.',
    // Deferring to someone else's say, and weighing another vendor (a made-up name).
    'I would need to run it by our partners before we commit.',
    'Let me check with my operations director first.',
    'We are also speaking with Quillworks about the same project.',
    'To be fair to everyone, we are evaluating a few other platforms as well.',
    'We got a quote from another supplier on Monday.',
    // A budget that is not in place yet is a stall.
    'The budget is not approved until next year.',
  ])('resists: %s', (sentence) => {
    expect(score(sentence)).toBeGreaterThanOrEqual(OBJECTION_THRESHOLD)
  })

  it.each([
    "Cost isn't really the issue.",
    "You might think it's expensive, but it pays back in a quarter.",
    'Price is not a concern for us.',
    'I was worried about the migration, but that is solved now.',
    'That sounds great, send it over.',
    'Agreed, that plan works for us.',
    'Yes, agreed. That date works for the whole team.',
    // A pain told as it happens, not a judgement of the offer.
    'Orders slip and we only hear about it when it is too late to fix anything.',
    // A past attempt of their own is the pain the product answers, not a rival to it.
    'We tried running the rota ourselves last year and it fell apart within weeks.',
    // The buyer's own costs rising is a pain, and a price said to be no higher is no worry.
    'Our overtime bill is about thirty percent more than last year.',
    'Your price is not more expensive than theirs.',
    // Others' doubts, a reflection, a trip to the office, a small sum: no resistance.
    'Many people might question a new supplier, but your references are strong.',
    'When I think about it, the rollout plan is sensible.',
    'I have to go to work after this, so a short call suits me.',
    'It is not much money for a team our size.',
    "I'd love to help the kids.",
    // Ruling the competition out, or "also looking at" something that is no vendor.
    'We are not talking to any other vendors at the moment.',
    'Honestly, we are not looking at anyone else.',
    "We don't use any other tool for rostering.",
    'We are also looking at 40 new sites across the region.',
    'We are currently looking at how the night shift is staffed.',
    // A budget in place, whichever year it sits in.
    "We have ninety thousand in next year's plan for this, and it's approved.",
    'The budget for the next financial year is already signed off.',
  ])('does not resist: %s', (sentence) => {
    expect(score(sentence)).toBeLessThan(OBJECTION_THRESHOLD)
  })
})
