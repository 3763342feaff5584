import { describe, expect, it } from 'vitest'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import { passwordLengthProblem } from './password-rules'

describe('passwordLengthProblem (ASVS 2.1.1–2.1.2)', () => {
  it('accepts 12 to 128 characters, whatever they are', () => {
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MIN_LENGTH))).toBeNull()
    expect(passwordLengthProblem('é'.repeat(PASSWORD_MAX_LENGTH))).toBeNull()
    expect(passwordLengthProblem('all lower case words')).toBeNull()
  })
  it('counts characters as the server does, in code points', () => {
    expect(passwordLengthProblem('🔑'.repeat(PASSWORD_MAX_LENGTH))).toBeNull()
    expect(passwordLengthProblem('🔑'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('too_short')
  })

  it('names the rule a password breaks', () => {
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe('too_short')
    expect(passwordLengthProblem('a'.repeat(PASSWORD_MAX_LENGTH + 1))).toBe('too_long')
  })
})
