import { describe, expect, it } from 'vitest'
import { passwordStrength } from './password-strength'

describe('passwordStrength', () => {
  it('is 0 below the minimum length, whatever the characters', () => {
    expect(passwordStrength('')).toBe(0)
    expect(passwordStrength('Xy7$kQ!2pL')).toBe(0)
  })

  it('rates repeats, runs and few distinct characters weak', () => {
    expect(passwordStrength('aaaaaaaaaaaa')).toBe(1)
    expect(passwordStrength('123456789012')).toBe(1)
    expect(passwordStrength('abababababab')).toBe(1)
  })

  it('rises with length and with the kinds of character used', () => {
    expect(passwordStrength('qmzvtrlpwkxd')).toBe(2)
    expect(passwordStrength('Qm7zVt$rLp2w')).toBe(3)
    expect(passwordStrength('Qm7zVt$rLp2wX9')).toBe(4)
    expect(passwordStrength('correct horse battery staple')).toBe(4)
  })

  it('counts characters of other scripts as hard to guess', () => {
    expect(passwordStrength('пароль-надёжный-очень')).toBe(4)
  })
})
