import { describe, expect, it } from 'vitest'
import { analyseEngagements } from '../nlp/analyse-engagements.js'
import { decodeWordVectors, encodeWordVectors } from '../nlp/word-vectors.js'
import { call } from '../test-support/deal-builders.js'
import { objectionUnits } from './objection-units.js'
import { objectionVector } from './objection-vector.js'

const TABLE = decodeWordVectors(
  encodeWordVectors(
    ['expensive', 'contract', 'months'],
    [
      [1, 0, 0],
      [0, 1, 0],
      [0, 0, 1],
    ],
    3,
  ),
)

function buyerUnit(turns: ['seller' | 'buyer', string][]) {
  const text = analyseEngagements([call('e1', turns)])
  const unit = objectionUnits(text)[0]
  if (!unit) throw new Error('no buyer unit')
  return unit
}

describe('objectionVector', () => {
  it('weighs the objection and the seller’s answer above the seller’s question', () => {
    const vector = objectionVector(
      TABLE,
      buyerUnit([
        ['seller', 'Shall we look at the contract?'],
        ['buyer', 'Honestly it is too expensive for us.'],
        ['seller', 'We can do twelve months.'],
      ]),
    )
    expect(Math.hypot(...vector)).toBeCloseTo(1, 9)
    expect(vector[0]).toBeCloseTo(vector[2] as number, 9)
    expect(vector[2]).toBeGreaterThan(vector[1] as number)
    expect(vector[1]).toBeGreaterThan(0)
  })

  it('is zero when no word is in the table', () => {
    expect([...objectionVector(TABLE, buyerUnit([['buyer', 'Hmm, not sure.']]))]).toEqual([0, 0, 0])
  })
})
