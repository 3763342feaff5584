import { describe, expect, it } from 'vitest'
import type { ObjectionTypeConfig } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPE_CONFIGS } from '../eval/default-configs.js'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import { defaultTypeKey } from './objection-type-index.js'

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
