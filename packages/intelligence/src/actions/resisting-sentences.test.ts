import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { actionCall } from '../test-support/action-call.js'
import { call } from '../test-support/deal-builders.js'
import { actionQuotes } from './action-quotes.js'
import { resistingSentences } from './resisting-sentences.js'

// Invented calls: a budget discussed with the buyer pushing back on the price, and a timeline
// the buyer says is not pressing.
function quotesFor(actionId: string, turns: Parameters<typeof call>[1]) {
  const { text, profile, evidence, resists } = actionCall(actionId, turns)
  const quoted = (progress: 'completed' | 'ongoing') =>
    actionQuotes(evidence, profile, text, progress, 3, resists).quotes.map((e) => e.sentence.text)
  return { completed: quoted('completed'), ongoing: quoted('ongoing') }
}

describe('resistingSentences', () => {
  it('keeps a price objection out of the quotes that prove the budget was confirmed', () => {
    const pushback = 'Honestly that figure is far more than our budget can stretch to.'
    const { completed, ongoing } = quotesFor('confirm_budget', [
      ['seller', 'Is there budget set aside for a tool like this?'],
      ['buyer', 'Yes, the operations budget for this year has room for it.'],
      ['seller', 'Great. The annual licence would be twenty thousand.'],
      ['buyer', pushback],
    ])
    expect(completed).toContain('Yes, the operations budget for this year has room for it.')
    expect(completed).not.toContain(pushback)
    // While the action is still open, the pushback is fair to show.
    expect(ongoing).toContain(pushback)
  })

  it('does not prove a timeline with a buyer saying it is not a priority', () => {
    const stall = 'To be frank, the timeline for this decision is not a priority for us.'
    const { completed, ongoing } = quotesFor('map_decision_process', [
      ['seller', 'What timeline are you working to for the decision?'],
      ['buyer', stall],
      ['buyer', 'The decision goes to our steering group at the end of June.'],
    ])
    expect(ongoing).toContain(stall)
    expect(completed).not.toContain(stall)
    expect(completed).toContain('The decision goes to our steering group at the end of June.')
  })

  it('reads only buyer sentences, and the lexicon only where asked', () => {
    const engagements = [
      call('e1', [
        ['seller', 'Some teams find it too expensive at first.'],
        ['buyer', 'We do not have the staff to chase every invoice.'],
      ]),
    ]
    const text = analyseEngagements(engagements)
    const resists = resistingSentences([], engagements)
    const [seller, buyer] = text.sentences
    expect(seller && resists(seller, true)).toBe(false)
    expect(buyer && resists(buyer, true)).toBe(true)
    expect(buyer && resists(buyer, false)).toBe(false)
  })
})
