import { describe, expect, it } from 'vitest'
import type { ObjectionCorrection } from '@dealcoach/contracts/intelligence'
import { DEFAULT_OBJECTION_TYPE_CONFIGS } from '../eval/default-configs.js'
import { stemText } from '../nlp/stem-text.js'
import { analyseDealSync } from '../providers/builtin-provider.js'
import { call, dealInput } from '../test-support/deal-builders.js'
import {
  buildCorrectionIndex,
  CORRECTION_SIMILARITY,
  withConfirmedExamples,
} from './apply-corrections.js'

const QUOTE = 'The price is honestly too steep for us right now.'
const PARAPHRASE = 'Honestly the price is too steep for us.'
const ACTIVE = new Set(DEFAULT_OBJECTION_TYPE_CONFIGS.map((t) => t.id))
const OTHER_TYPE = DEFAULT_OBJECTION_TYPE_CONFIGS.find((t) => t.id !== 'price_budget')?.id ?? ''

function matchOf(corrections: ObjectionCorrection[], sentence: string) {
  return buildCorrectionIndex(corrections, ACTIVE).match([stemText(sentence)])
}

describe('buildCorrectionIndex', () => {
  const rejected: ObjectionCorrection[] = [{ quote: QUOTE, verdict: 'not_objection' }]

  it('matches the corrected quote and a paraphrase, not a sentence sharing one topic word', () => {
    expect(matchOf(rejected, QUOTE)?.verdict).toBe('not_objection')
    expect(matchOf(rejected, QUOTE)?.similarity).toBeCloseTo(1)
    expect(matchOf(rejected, PARAPHRASE)?.verdict).toBe('not_objection')
    expect(matchOf(rejected, 'The price looks fine to us.')).toBeNull()
    expect(matchOf(rejected, 'Our legal team has to review the contract first.')).toBeNull()
  })

  it('sets its threshold between three shared content words of four and two of three', () => {
    const blocks: ObjectionCorrection[] = [
      { quote: 'Procurement blocks new vendors.', verdict: 'not_objection' },
    ]
    // procur, block, new, vendor against procur, block, new, supplier: 3/4 = 0.75.
    expect(matchOf(blocks, 'Procurement blocks new suppliers.')?.similarity).toBeGreaterThanOrEqual(
      CORRECTION_SIMILARITY,
    )
    const shorter: ObjectionCorrection[] = [
      { quote: 'Procurement blocks vendors.', verdict: 'not_objection' },
    ]
    // procur, block, vendor against procur, approv, vendor: 2/3 = 0.67.
    expect(matchOf(shorter, 'Procurement approves vendors.')).toBeNull()
  })

  it('matches one cited sentence of several on its own', () => {
    const index = buildCorrectionIndex(rejected, ACTIVE)
    expect(
      index.match([stemText('We also need a second opinion.'), stemText(PARAPHRASE)])?.verdict,
    ).toBe('not_objection')
  })

  it('ignores other_type corrections to a type that is not active', () => {
    const retyped: ObjectionCorrection[] = [
      { quote: QUOTE, verdict: 'other_type', objection_type_id: 'gone' },
    ]
    expect(matchOf(retyped, QUOTE)).toBeNull()
  })

  it('prefers the closest correction, and the first of equally close ones', () => {
    const both: ObjectionCorrection[] = [
      { quote: PARAPHRASE, verdict: 'other_type', objection_type_id: OTHER_TYPE },
      { quote: QUOTE, verdict: 'not_objection' },
    ]
    expect(matchOf(both, QUOTE)?.verdict).toBe('other_type')
  })
})

describe('withConfirmedExamples', () => {
  it('adds other_type quotes to the corrected type’s examples and keeps the rest as they are', () => {
    const types = withConfirmedExamples(DEFAULT_OBJECTION_TYPE_CONFIGS, [
      { quote: QUOTE, verdict: 'other_type', objection_type_id: OTHER_TYPE },
      { quote: PARAPHRASE, verdict: 'not_objection' },
    ])
    expect(types.find((t) => t.id === OTHER_TYPE)?.examples).toContain(QUOTE)
    expect(types.filter((t) => t.examples.includes(PARAPHRASE))).toEqual([])
    expect(withConfirmedExamples(DEFAULT_OBJECTION_TYPE_CONFIGS, [])).toBe(
      DEFAULT_OBJECTION_TYPE_CONFIGS,
    )
  })
})

describe('analysis with corrections', () => {
  const engagement = call('c1', [
    ['seller', 'The annual plan would be eighteen thousand for your team.'],
    ['buyer', PARAPHRASE],
    ['seller', 'I understand. What budget did you set aside for this?'],
    ['buyer', 'I am worried our IT department will not approve another cloud tool this year.'],
    ['seller', 'Of course, I will send our security documentation.'],
  ])
  const analyse = (corrections: ObjectionCorrection[]) =>
    analyseDealSync(dealInput([engagement], { objection_feedback: corrections })).objections

  it('detects both objections without corrections', () => {
    const objections = analyse([])
    expect(objections.map((o) => o.utterance_index)).toEqual([1, 3])
    expect(objections[0]?.type).toBe('price_budget')
  })

  it('drops a paraphrase of a rejected quote and keeps the unrelated objection', () => {
    const objections = analyse([{ quote: QUOTE, verdict: 'not_objection' }])
    expect(objections.map((o) => o.utterance_index)).toEqual([3])
  })

  it('types a paraphrase of a retyped quote as the corrected type', () => {
    const objections = analyse([
      { quote: QUOTE, verdict: 'other_type', objection_type_id: OTHER_TYPE },
    ])
    expect(objections.map((o) => [o.utterance_index, o.type])).toEqual([
      [1, OTHER_TYPE],
      [3, analyse([])[1]?.type],
    ])
    expect(objections[0]?.cues.join(' ')).toMatch(/a user's correction/)
  })
})
