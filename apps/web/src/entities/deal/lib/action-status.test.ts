import { describe, expect, it } from 'vitest'
import { actionProgress, communicationMethod } from './action-status'

describe('actionProgress', () => {
  it.each([
    ['Completed', 'completed'],
    ['DONE', 'completed'],
    ['Success', 'completed'],
    ['Pending', 'pending'],
    ['Waiting for the buyer', 'pending'],
    ['New', 'pending'],
    ['In progress', 'ongoing'],
    ['', 'ongoing'],
  ])('reads %j as %s', (status, expected) => {
    expect(actionProgress(status)).toBe(expected)
  })
})

describe('communicationMethod', () => {
  it('is mixed with calls and e-mails, phone with calls only, else e-mail', () => {
    expect(communicationMethod([{ type: 'email' }, { type: 'transcript' }])).toBe('mixed')
    expect(communicationMethod([{ type: 'transcript' }])).toBe('phone')
    expect(communicationMethod([{ type: 'email' }])).toBe('email')
    expect(communicationMethod([])).toBe('email')
  })
})
