import { describe, expect, it } from 'vitest'
import type { ObjectionTypeConfig } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPE_CONFIGS } from '../eval/default-configs.js'
import { committedModel } from '../model/objection-model.js'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { featuresOfStemWords } from '../nlp/sentence-features.js'
import { addVector, type TermVector } from '../nlp/term-vector.js'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { scoreUnits } from './detect-objections.js'
import { buildObjectionTypeIndex, defaultTypeKey } from './objection-type-index.js'
import { chooseType } from './type-choice.js'

// Types no training file has ever labelled: they must work from their own wording alone.
const CUSTOM_TYPES: ObjectionTypeConfig[] = [
  {
    id: 'org-7-works-council',
    name: 'Works council approval',
    description:
      'The works council or the union has to agree before a tool that monitors staff is introduced.',
    examples: ['The works council will block anything that monitors the staff.'],
    active: true,
  },
  {
    id: 'org-7-carbon',
    name: 'Carbon footprint',
    description: 'Worries about emissions, energy use and the sustainability of the supplier.',
    examples: ['Our sustainability team will ask about your emissions.'],
    active: true,
  },
]

const CALL = call('e1', [
  ['seller', 'How would the rollout work for your warehouse staff?'],
  [
    'buyer',
    'I am worried our works council will not accept a tool that monitors staff, they blocked the last one.',
  ],
  ['seller', 'We can brief the works council directly; monitoring can be switched off per site.'],
  [
    'buyer',
    'Honestly our sustainability people are concerned about the emissions of your data centres.',
  ],
  ['seller', 'Our hosting runs on renewable energy and we publish the numbers.'],
])

function typesFound(types: ObjectionTypeConfig[]): [number | null, string][] {
  const analysis = analyseDealSync(dealInput([CALL], { objection_types: types }))
  return analysis.objections.map((o) => [o.utterance_index, o.type])
}

describe('custom objection types without training data', () => {
  it('types objections into an organisation’s own types by their wording', () => {
    expect(typesFound(CUSTOM_TYPES)).toEqual([
      [1, 'org-7-works-council'],
      [3, 'org-7-carbon'],
    ])
  })

  it('lets a custom type win its topic next to the trained default types', () => {
    expect(typesFound([...DEFAULT_OBJECTION_TYPE_CONFIGS, ...CUSTOM_TYPES])).toEqual([
      [1, 'org-7-works-council'],
      [3, 'org-7-carbon'],
    ])
  })

  it('explains the choice with the type’s similarity and prior', () => {
    const analysis = analyseDealSync(dealInput([CALL], { objection_types: CUSTOM_TYPES }))
    expect(analysis.objections[0]?.cues.join(' | ')).toMatch(
      /type: Works council approval \(similarity [\d.]+, prior 0\.5\)/,
    )
  })

  it('gives a renamed default type its trained prior by key or by name, never a custom one', () => {
    const price = DEFAULT_OBJECTION_TYPE_CONFIGS[0] as ObjectionTypeConfig
    expect(defaultTypeKey({ ...price, id: 'db-uuid-1' })).toBe('price_budget')
    expect(defaultTypeKey({ ...price, name: 'Money talk' })).toBe('price_budget')
    expect(defaultTypeKey(CUSTOM_TYPES[0] as ObjectionTypeConfig)).toBeNull()
  })
})

const DATA_MIGRATION: ObjectionTypeConfig = {
  id: 'org-9-migration',
  name: 'Data migration',
  description: 'Moving our existing data from the old system is too much effort or risk.',
  examples: ['Getting all our old records into a new system would take forever.'],
  active: true,
}

const JUNK: ObjectionTypeConfig = {
  id: 'org-9-junk',
  name: 'NNNNNNNN',
  description: 'word word word word',
  examples: [],
  active: true,
}

// Objections of the default types, each with the type it has among the defaults alone.
const OTHER_KINDS: [string, string][] = [
  ['Honestly, the spreadsheets we use now do the job well enough.', 'competitor_status_quo'],
  ['Could we pick this back up after the summer?', 'timing_priority'],
  ['We will not lock ourselves into a three-year agreement.', 'contract_terms'],
  ['That is a lot more than we set aside for this.', 'price_budget'],
  ['Our finance director would have to approve anything like this.', 'authority_process'],
  // "data" is a word of the custom type, but the security type's wording has it too.
  ['Our customer data is not allowed to leave the country.', 'security_compliance'],
]
const MIGRATION = 'Moving ten years of customer records out of our old CRM sounds like a nightmare.'

// The type chosen for a buyer's answer, from its own words (detection left out).
function typeOf(types: readonly ObjectionTypeConfig[], buyer: string): string | undefined {
  const model = committedModel()
  const text = analyseEngagements([
    call('e1', [
      ['seller', 'What do you make of the proposal?'],
      ['buyer', buyer],
    ]),
  ])
  const scored = scoreUnits(text, model)[0]
  if (!scored) throw new Error('no buyer unit')
  const topic: TermVector = new Map()
  for (const sentence of scored.unit.sentences) {
    addVector(topic, featuresOfStemWords(sentence.stemWords), 1)
  }
  const index = buildObjectionTypeIndex(types)
  return chooseType(index, model, topic, scored.unit, scored.featureIds)?.profile.config.id
}

describe('custom objection types next to the default types', () => {
  it('takes only the objections that are about the custom type', () => {
    const types = [...DEFAULT_OBJECTION_TYPE_CONFIGS, DATA_MIGRATION]
    for (const [buyer, type] of OTHER_KINDS) expect(typeOf(types, buyer), buyer).toBe(type)
    expect(typeOf(types, MIGRATION)).toBe(DATA_MIGRATION.id)
  })

  it('never chooses a type that shares no word with the objection', () => {
    const types = [...DEFAULT_OBJECTION_TYPE_CONFIGS, JUNK]
    for (const [buyer, type] of OTHER_KINDS) expect(typeOf(types, buyer), buyer).toBe(type)
    expect(typeOf(types, MIGRATION)).toBe('technical_integration')
  })

  it('still types every objection where the organisation has only its own types', () => {
    expect(typeOf([JUNK, DATA_MIGRATION], OTHER_KINDS[3]?.[0] ?? '')).toBe(JUNK.id)
    expect(typeOf([JUNK, DATA_MIGRATION], MIGRATION)).toBe(DATA_MIGRATION.id)
  })
})
