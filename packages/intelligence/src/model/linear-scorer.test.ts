import { describe, expect, it } from 'vitest'
import { FeatureNames } from '../nlp/feature-names.js'
import { FeatureSet, type FeatureSink } from '../nlp/feature-sink.js'
import { Word, wordOf } from '../nlp/words.js'
import { FeatureIndex } from './feature-index.js'
import { LinearScorer, linearScorer } from './linear-scorer.js'
import { linearScore, type LinearModel } from './logistic-regression.js'

const WORD = new FeatureNames('w:')
const PAIR = new FeatureNames('b:')
const NEXT_WORD = new FeatureNames('nw:')

const model: LinearModel = {
  bias: -0.7,
  weights: {
    'w:price': 0.9,
    'w:too': 0.1,
    'b:too expensive': 1.3,
    'b:too busy': 0.4,
    'nw:price': -0.2,
    q: 0.05,
    'l:m': -0.3,
  },
}

function send(sink: FeatureSink): void {
  for (const word of ['the', 'price', 'is', 'too', 'expensive', 'price']) sink.term(WORD, word)
  sink.pair(PAIR, 'too', 'expensive')
  sink.pair(PAIR, 'too', 'expensive')
  sink.pair(PAIR, 'is', 'too')
  sink.pair(PAIR, 'too', 'cheap')
  sink.term(NEXT_WORD, 'price')
  sink.name('q')
  sink.name('q')
  sink.name('l:xs')
}

describe('LinearScorer', () => {
  it('sums the same score as linearScore over the named set, each feature once', () => {
    const named = new FeatureSet()
    send(named)
    const scorer = new LinearScorer(model).start()
    send(scorer)
    expect(scorer.score).toBe(linearScore(model, named.features))
    expect(scorer.score).toBeCloseTo(-0.7 + 0.9 + 0.1 + 1.3 - 0.2 + 0.05, 10)
  })

  it('starts every score afresh at the bias', () => {
    const scorer = new LinearScorer(model)
    send(scorer.start())
    scorer.start().term(WORD, 'price')
    expect(scorer.score).toBe(-0.7 + 0.9)
    scorer.start()
    expect(scorer.score).toBe(-0.7)
  })

  it('keeps tags apart and ignores unknown terms', () => {
    const scorer = new LinearScorer(model).start()
    scorer.term(new FeatureNames('x:'), 'price')
    scorer.term(WORD, 'budget')
    scorer.pair(PAIR, 'price', 'is')
    expect(scorer.score).toBe(-0.7)
  })

  it('is built once per model', () => {
    expect(linearScorer(model)).toBe(linearScorer(model))
    expect(linearScorer({ ...model })).not.toBe(linearScorer(model))
  })
})

describe('FeatureSet', () => {
  it('names each feature once, in the order first sent', () => {
    const named = new FeatureSet()
    send(named)
    expect([...named.features]).toEqual([
      'w:the',
      'w:price',
      'w:is',
      'w:too',
      'w:expensive',
      'b:too expensive',
      'b:is too',
      'b:too cheap',
      'nw:price',
      'q',
      'l:xs',
    ])
  })
})

describe('words looked up by id', () => {
  it('scores words and word pairs as their texts', () => {
    const byText = new LinearScorer(model).start()
    const byWord = new LinearScorer(model).start()
    for (const [first, second] of [
      ['too', 'expensive'],
      ['is', 'too'],
      ['too', 'cheap'],
      ['price', 'is'],
    ] as const) {
      byText.term(WORD, first)
      byText.pair(PAIR, first, second)
      byWord.word(WORD, wordOf(first))
      byWord.wordPair(PAIR, wordOf(first), wordOf(second))
    }
    expect(byWord.score).toBe(byText.score)
  })

  it('keeps every word’s id apart, however many words share a slot', () => {
    const index = new FeatureIndex(['w:price', 'w:w9000', 'b:w9000 price'])
    const words = Array.from({ length: 20_000 }, (_, i) => new Word(`w${i}`))
    for (const round of [1, 2]) {
      for (const word of [...words, new Word('price')]) {
        expect(index.wordId(WORD, word)).toBe(index.termId(WORD, word.text))
        expect(index.wordPairId(PAIR, word, wordOf('price'))).toBe(
          index.pairId(PAIR, word.text, 'price'),
        )
      }
      void round
    }
  })
})
