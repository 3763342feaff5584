import { describe, expect, it } from 'vitest'
import { DEFAULT_OBJECTION_TYPES } from '@dealcoach/playbooks/default-objection-types'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { call } from '../test-support/deal-builders.js'
import { objectionUnits } from './objection-units.js'
import { eachVocabularyFeature, TYPE_VOCABULARY, vocabularyHits } from './type-vocabulary.js'

const text = analyseEngagements([
  call('e1', [
    ['seller', 'What would stop you from moving ahead?'],
    ['buyer', "We can't sign before our security team sees your SOC 2 report and the DPA."],
    ['seller', 'I will send the SOC 2 Type II report and our data processing agreement today.'],
  ]),
])
const unit = objectionUnits(text)[0]

describe('type vocabulary', () => {
  it('covers exactly the default objection types', () => {
    expect(Object.keys(TYPE_VOCABULARY).sort()).toEqual(
      DEFAULT_OBJECTION_TYPES.map((t) => t.key).sort(),
    )
  })

  it('counts the terms each type names, phrases and hyphen variants included', () => {
    expect(unit).toBeDefined()
    expect(vocabularyHits(unit?.sentences ?? [])).toEqual(new Map([['security_compliance', 3]]))
    const [signOff] = analyseEngagements([
      call('e2', [['buyer', 'It needs sign off first.']]),
    ]).sentences
    expect(vocabularyHits(signOff ? [signOff] : [])).toEqual(new Map([['authority_process', 1]]))
  })

  it('reads need / fit from its phrasings, not only its nouns', () => {
    const [sentence] = analyseEngagements([
      call('e3', [['buyer', "Honestly it's too complicated for us, and it's one more tool."]]),
    ]).sentences
    expect(vocabularyHits(sentence ? [sentence] : [])).toEqual(new Map([['need_fit', 2]]))
  })

  it('reads what the buyer already has, lost trust, and who may buy from everyday words', () => {
    const hits = (line: string) => {
      const [sentence] = analyseEngagements([call('e4', [['buyer', line]])]).sentences
      return vocabularyHits(sentence ? [sentence] : [])
    }
    expect(hits('Our phone system comes with reports that do the same thing.')).toEqual(
      new Map([['competitor_status_quo', 2]]),
    )
    expect(hits('We tried a tool like this before and it did not work.')).toEqual(
      new Map([['trust_risk', 2]]),
    )
    expect(hits('Anything above that amount needs a second signatory.')).toEqual(
      new Map([['authority_process', 1]]),
    )
  })

  it('counts sentences as one text, terms across a sentence end without punctuation too', () => {
    const mail = (body: string) =>
      analyseEngagements([
        { id: 'm1', type: 'email', name: 'Re', direction: 'inbound', from: 'b@x.example', body },
      ]).sentences
    // "think about it" runs on from one paragraph into the next.
    const open = mail('We will think about\n\nit later. The budget is gone.')
    expect(open.length).toBe(3)
    expect(vocabularyHits(open)).toEqual(
      new Map([
        ['price_budget', 1],
        ['timing_priority', 1],
      ]),
    )
    const closed = mail('We will think about it.\n\nLater, the budget and the price.')
    expect(vocabularyHits(closed)).toEqual(
      new Map([
        ['price_budget', 2],
        ['timing_priority', 1],
      ]),
    )
  })

  it('sends levels for the objection, the seller’s answer and question, in copies', () => {
    const features: string[] = []
    if (unit) eachVocabularyFeature(unit, (f) => features.push(f))
    const distinct = new Set(features.map((f) => f.replace(/#\d+$/, '')))
    expect([...distinct]).toEqual([
      'kv1:security_compliance',
      'kv2:security_compliance',
      'kv3:security_compliance',
      'kn1:security_compliance',
      'kn2:security_compliance',
      // "data processing agreement": an agreement is contract wording as well.
      'kn1:contract_terms',
    ])
    expect(features.length % distinct.size).toBe(0)
  })

  it('reads the seller’s answer from the turn right after, in the same call only', () => {
    expect(unit?.nextSeller?.sentences[0]?.text).toMatch(/^I will send/)
    expect(unit?.previousSeller?.sentences[0]?.text).toMatch(/^What would stop/)
  })
})
