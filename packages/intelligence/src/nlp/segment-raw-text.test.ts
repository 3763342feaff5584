import { describe, expect, it } from 'vitest'
import { call } from '../test-support/deal-builders.js'
import { analyseEngagements } from './analyse-engagements.js'
import { quoteText } from './quote-text.js'
import { gapFeatures, rawBoundaries } from './segment-raw-text.js'

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

  it('ends a clause with the mark it was cut at, so no clause starts with one', () => {
    const turn =
      'I hear you. Let us look at it against the cost you just described: if we close even half of that forecast gap, the early hires alone pay for the licence three times over. We can also start with the two largest regions and phase in the rest next year, which brings the first-year cost inside your budget.'
    const sentences = sentencesOf(turn)
    expect(sentences.length).toBeGreaterThan(3)
    for (const sentence of sentences) expect(sentence).toMatch(/^\w/)
    expect(sentences.join(' ')).toBe(turn)
    expect(quoteText(sentences.filter((s) => s.startsWith('We can also')))).toBe(
      'We can also start with the two largest regions and phase in the rest next year',
    )
  })

  it('does not end a piece on a word that cannot end a clause', () => {
    const turn =
      'honestly the licence fee is a good deal higher than what our finance people were expecting and i am not sure how we would justify it to the board this quarter'
    const sentences = sentencesOf(turn)
    expect(sentences.join(' ')).toBe(turn)
    for (const sentence of sentences) {
      expect(sentence).not.toMatch(/ (the|a|our|than|and|i)$/)
    }
  })

  it('cuts where the speaker raises another topic', () => {
    const sentences = sentencesOf(
      'that timeline is fine for us the other thing is we still need legal to review the data processing terms before we sign',
    )
    expect(sentences[0]).toBe('that timeline is fine for us')
    expect(sentences[1]?.startsWith('the other thing is we still need legal')).toBe(true)
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

  it('leaves a turn ended as a sentence whole, even with no capital but "I"', () => {
    const turn =
      'I have to be honest though, the price you quoted is well above what we budgeted for this year.'
    expect(sentencesOf(turn)).toEqual([turn])
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

describe('gapFeatures', () => {
  it('names the word classes either side of the gap', () => {
    const words = 'a lot more than we had'.split(' ')
    expect(gapFeatures(words, 3, 4)).toEqual(expect.arrayContaining(['ca:conj', 'cb:subj']))
    expect(gapFeatures('fine anyway the other thing'.split(' '), 1, 2)).toContain('cb:opener')
  })
})

describe('rawBoundaries', () => {
  const segmenter = { model: { bias: -4, weights: { 'b:so': 6 } }, threshold: 0.5 }

  it('cuts before the words the model learned to start sentences with', () => {
    const words = 'we tried it last year so the team is not keen so we will wait'.split(' ')
    expect(rawBoundaries(words, segmenter)).toEqual([4, 10])
  })

  it('never cuts after an article, a conjunction or a subject pronoun', () => {
    const words = 'we looked at the so price and so it was i so think fine'.split(' ')
    const cuts = rawBoundaries(words, segmenter)
    expect(cuts.map((i) => words[i])).not.toContain('the')
    expect(cuts.map((i) => words[i])).not.toContain('and')
    expect(cuts.map((i) => words[i])).not.toContain('i')
  })

  it('cuts before a phrase that opens another topic, whatever the model scores', () => {
    const words = 'the price works for us one more thing we need a security review'.split(' ')
    expect(rawBoundaries(words, { model: { bias: -9, weights: {} }, threshold: 0.5 })).toEqual([4])
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
