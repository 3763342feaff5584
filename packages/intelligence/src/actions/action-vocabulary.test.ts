import type { SpeakerRole } from '@dealcoach/contracts/intelligence'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PIPELINE_CONFIG } from '../eval/default-configs.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { sentenceVectors } from '../nlp/sentence-vectors.js'
import { call } from '../test-support/deal-builders.js'
import { buildActionIndex } from './action-index.js'
import {
  countsOutcome,
  hasOutcomeWording,
  hasVocabulary,
  vocabularyMentions,
} from './action-vocabulary.js'
import { ACTION_SIMILARITY_THRESHOLD, evidenceByAction } from './assess-actions.js'

describe('vocabularyMentions', () => {
  const text = analyseEngagements([
    call('e1', [
      ['seller', 'How are you currently planning the rota?'],
      ['buyer', 'Honestly we still run it all on a spreadsheet.'],
      ['seller', 'Who signs off on a purchase like this?'],
      ['buyer', 'Is that something you need to know now?'],
    ]),
  ])
  const mentions = vocabularyMentions(text)

  it('counts each side’s sentences in an action’s vocabulary', () => {
    expect(mentions.get('current_solution')).toEqual({
      buyer: 1,
      seller: 1,
      answered: 1,
      outcome: 0,
    })
  })

  it('counts a buyer question after the seller’s as no answer', () => {
    expect(mentions.get('identify_decision_maker')).toMatchObject({ seller: 1, answered: 0 })
  })
})

describe('outcome wording', () => {
  const outcomes = (turns: [SpeakerRole, string][]) =>
    vocabularyMentions(analyseEngagements([call('e1', turns)])).get('confirm_budget')?.outcome

  it('counts buyer sentences saying the budget is in place', () => {
    expect(
      outcomes([
        ['buyer', 'The budget is approved for this year.'],
        ['buyer', 'No problem, it is in the budget.'],
        ['buyer', 'We have set money aside for it.'],
      ]),
    ).toBe(3)
  })

  it('leaves out a budget said to be missing, and the seller’s word for it', () => {
    expect(
      outcomes([
        ['buyer', 'There is no budget for this.'],
        ['buyer', 'It is not in this year’s budget.'],
        ['buyer', 'The budget has not been approved yet.'],
        ['buyer', 'It is more than we set aside for tooling this year.'],
        ['seller', 'So the budget is approved?'],
      ]),
    ).toBe(0)
  })

  it('leaves out a budget named in a turn that also says the price is over it', () => {
    expect(
      outcomes([
        [
          'buyer',
          'Honestly that is more than we budgeted. We set aside about twenty thousand for this.',
        ],
        ['seller', 'Understood.'],
        ['buyer', 'Since then we have set money aside for it.'],
      ]),
    ).toBe(1)
  })

  it('takes a condition on signing back for its own sentence only', () => {
    const signs = (turns: [SpeakerRole, string][]) =>
      vocabularyMentions(analyseEngagements([call('e1', turns)])).get('agree_terms')?.outcome
    expect(
      signs([['buyer', 'If legal is happy, great. Either way, I will sign it on Friday.']]),
    ).toBe(1)
    expect(signs([['buyer', 'I will sign it on Friday if legal is happy.']])).toBe(0)
  })

  it('has outcome wording for the budget, the champion, the terms and who signs, counted for the budget only', () => {
    expect(hasOutcomeWording('confirm_budget')).toBe(true)
    expect(hasOutcomeWording('identify_champion')).toBe(true)
    expect(hasOutcomeWording('agree_terms')).toBe(true)
    expect(hasOutcomeWording('confirm_signatory')).toBe(true)
    expect(hasOutcomeWording('send_proposal')).toBe(false)
    expect(['confirm_budget', 'identify_champion', 'agree_terms'].map(countsOutcome)).toEqual([
      true,
      false,
      false,
    ])
  })

  const championOutcomes = (turns: [SpeakerRole, string][]) =>
    vocabularyMentions(analyseEngagements([call('e1', turns)])).get('identify_champion')?.outcome

  it('counts a buyer who will argue for it inside as a champion', () => {
    expect(
      championOutcomes([
        ['buyer', 'I’ll champion this with the leadership team.'],
        ['buyer', 'Honestly, I’ve been pushing for a tool like this since spring.'],
        ['buyer', 'I’m happy to recommend you to our CFO.'],
      ]),
    ).toBe(3)
  })

  it('counts a buyer who will push for it, or who says someone above them backs it', () => {
    expect(
      championOutcomes([
        ['buyer', 'Leave that with me, I will push.'],
        ['buyer', 'I’ll be the one selling it to the partners.'],
        ['buyer', 'Our COO has seen the numbers and he’s very supportive.'],
        ['buyer', 'I showed the director the pilot results and she backs it.'],
      ]),
    ).toBe(4)
  })

  it('reads pushing back or pushing a date as no champion', () => {
    expect(
      championOutcomes([
        ['buyer', 'I will push back on that clause.'],
        ['buyer', 'I’d push it to next quarter if I could.'],
        ['buyer', 'Is the vendor supportive when things break?'],
      ]),
    ).toBe(0)
  })

  it('leaves out a buyer who only passes it on or will not back it, and the seller', () => {
    expect(
      championOutcomes([
        ['buyer', 'I’ll take it to my boss on Monday.'],
        ['buyer', 'I’m not going to recommend it at this price.'],
        ['seller', 'I’m a big fan of how your team works.'],
      ]),
    ).toBe(0)
  })
})

describe('action vocabulary as evidence', () => {
  it('has a vocabulary for the default actions only', () => {
    expect(hasVocabulary('current_solution')).toBe(true)
    expect(hasVocabulary('size_the_fleet')).toBe(false)
  })

  it('makes a sentence in the vocabulary weak evidence for its action', () => {
    const text = analyseEngagements([call('e1', [['buyer', 'We still do it all in Excel.']])])
    const profiles = buildActionIndex(DEFAULT_PIPELINE_CONFIG.actions)
    const position = profiles.findIndex((p) => p.action.id === 'current_solution')
    const evidence = evidenceByAction(text, sentenceVectors(text), profiles)[position] ?? []
    expect(evidence.map((e) => e.sentence.text)).toEqual(['We still do it all in Excel.'])
    expect(evidence[0]?.similarity).toBeGreaterThanOrEqual(ACTION_SIMILARITY_THRESHOLD)
  })
})
