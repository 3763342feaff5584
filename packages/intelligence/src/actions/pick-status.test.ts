import { describe, expect, it } from 'vitest'
import { bestStatus, pickStatus, statusScores } from './assess-actions.js'
import { statusScore } from '../model/train-action-model.js'

const classifiers = {
  completed: { bias: 0.2, weights: { done: 1 } },
  ongoing: { bias: 0.6, weights: { talk: 1 } },
  pending: { bias: -2, weights: {} },
  not_done: { bias: -1, weights: {} },
}

describe('status picking', () => {
  it('reads each classifier’s log-odds', () => {
    expect(statusScores(classifiers, ['done'])).toEqual({
      completed: 1.2,
      ongoing: 0.6,
      pending: -2,
      not_done: -1,
    })
  })

  it('picks the highest score, after the learned shifts', () => {
    expect(pickStatus(classifiers, [])).toBe('ongoing')
    expect(pickStatus(classifiers, [], { completed: 0.5 })).toBe('completed')
    expect(bestStatus({ completed: 0.1, ongoing: 0.3 }, { ongoing: -1 })).toBe('completed')
  })

  it('answers not done when no classifier scores', () => {
    expect(bestStatus({}, {})).toBe('not_done')
  })
})

describe('statusScore', () => {
  it('adds status accuracy and the completed F1', () => {
    const score = statusScore([
      { want: 'completed', got: 'completed' },
      { want: 'ongoing', got: 'completed' },
      { want: 'completed', got: 'not_done' },
      { want: 'not_done', got: 'not_done' },
    ])
    // Accuracy 2/4, completed F1 2·1 / (2 + 2).
    expect(score).toBeCloseTo(0.5 + 0.5)
  })
})
