import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import { analyseEngagements } from './analyse-engagements.js'
import { rawBoundaries } from './segment-raw-text.js'

const RAW_TURN =
  'yeah so we looked at the numbers last week and honestly the price is more than we budgeted for this year um and the other thing is our it team is already stretched with the erp migration so i dont see us starting before q3 anyway can you send me the contract terms'

function sentencesOf(text: string): string[] {
  return analyseEngagements([call('e1', [['buyer', text]])]).sentences.map((s) => s.text)
}

describe('raw call-recorder text segmentation', () => {
  it('splits a long lower-case run-on turn where the speaker moves on, keeping every word', () => {
    const sentences = sentencesOf(RAW_TURN)
    expect(sentences.length).toBeGreaterThanOrEqual(3)
    expect(sentences.join(' ')).toBe(RAW_TURN)
    const price = sentences.findIndex((s) => s.includes('price'))
    const migration = sentences.findIndex((s) => s.includes('erp migration'))
    const contract = sentences.findIndex((s) => s.includes('contract terms'))
    expect(new Set([price, migration, contract]).size).toBe(3)
    for (const sentence of sentences) expect(sentence.split(' ').length).toBeGreaterThanOrEqual(3)
  })

  it('leaves typed, punctuated turns as their writer punctuated them', () => {
    expect(
      sentencesOf(
        'We looked at the numbers last week. Honestly, the price is more than we budgeted for this year.',
      ),
    ).toEqual([
      'We looked at the numbers last week.',
      'Honestly, the price is more than we budgeted for this year.',
    ])
  })

  it('does not cut short raw turns', () => {
    expect(sentencesOf('yeah that works for us i think')).toEqual([
      'yeah that works for us i think',
    ])
  })

  it('never cuts an e-mail body', () => {
    const body = RAW_TURN
    const text = analyseEngagements([
      {
        id: 'm1',
        type: 'email',
        name: 'Re: pricing',
        occurred_at: '2026-03-02T15:00:00Z',
        direction: 'inbound',
        body,
      },
    ])
    expect(text.sentences.map((s) => s.text)).toEqual([body])
  })

  it('marks the pieces it cut so analysers can read the run as one utterance', () => {
    const text = analyseEngagements([call('e1', [['buyer', RAW_TURN]])])
    expect(text.sentences.every((s) => s.segmented)).toBe(true)
    expect(new Set(text.sentences.map((s) => s.utteranceIndex))).toEqual(new Set([0]))
  })
})

describe('rawBoundaries', () => {
  const segmenter = { model: { bias: -4, weights: { 'b:so': 6 } }, threshold: 0.5 }

  it('cuts before the words the model learned to start sentences with', () => {
    const words = 'we tried it last year so the team is not keen so we will wait'.split(' ')
    expect(rawBoundaries(words, segmenter)).toEqual([4, 10])
  })

  it('never leaves a piece of fewer than three words', () => {
    const words = 'ok so so so fine then'.split(' ')
    const cuts = rawBoundaries(words, segmenter)
    const edges = [-1, ...cuts, words.length - 1]
    for (let i = 1; i < edges.length; i++) {
      expect((edges[i] ?? 0) - (edges[i - 1] ?? 0)).toBeGreaterThanOrEqual(3)
    }
  })
})
