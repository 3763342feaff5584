import { describe, expect, it } from 'vitest'
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthProblem } from './password-rules'

describe('passwordLengthProblem (ASVS 2.1.1–2.1.2)', () => {
  it('accepts 12 to 128 characters, whatever they are', () => {
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MIN))).toBeNull()
    expect(passwordLengthProblem('é'.repeat(PASSWORD_MAX))).toBeNull()
    expect(passwordLengthProblem('all lower case words')).toBeNull()
  })
  it('names the rule a password breaks', () => {
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MIN - 1))).toBe('too_short')
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MAX + 1))).toBe('too_long')
  })
})
