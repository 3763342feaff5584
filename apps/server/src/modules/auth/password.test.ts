import { describe, expect, it } from 'vitest'
import { commonPasswords } from './common-passwords.js'
import { hashPassword, passwordProblem, verifyPassword } from './password.js'

describe('password policy (ASVS 2.1)', () => {
  it('accepts 12 to 128 characters, counted as Unicode code points', () => {
    expect(passwordProblem('twelve chars')).toBeUndefined()
    expect(passwordProblem('eleven char')).toEqual({
      code: 'too_short',
      message: 'must be at least 12 characters long',
      params: { min: 12 },
    })
    expect(passwordProblem('🔑'.repeat(11) + 'x')).toBeUndefined()
    expect(passwordProblem('ab'.repeat(64))).toBeUndefined()
    expect(passwordProblem('ab'.repeat(64) + 'c')).toEqual({
      code: 'too_long',
      message: 'must be at most 128 characters long',
      params: { max: 128 },
    })
  })

  it('has no composition rules', () => {
    expect(passwordProblem('only lower case words')).toBeUndefined()
    expect(passwordProblem('481516234281')).toBeUndefined()
  })

  it('refuses the most common passwords, ignoring case', () => {
    expect(commonPasswords().size).toBeGreaterThanOrEqual(10_000)
    expect(commonPasswords().has('password')).toBe(true)
    expect(passwordProblem('qwerty123456')?.code).toBe('common')
    expect(passwordProblem('QWERTY123456')?.code).toBe('common')
    expect(passwordProblem('123456789012')?.code).toBe('common')
  })

  it('refuses breached passwords long enough to pass the length rule (ASVS 2.1.7)', () => {
    const longEnough = [...commonPasswords()].filter((word) => [...word].length >= 12)
    expect(longEnough.length).toBeGreaterThanOrEqual(10_000)
    expect(passwordProblem('ILoveYouForever')?.code).toBe('common')
    expect(passwordProblem('ChickenWing101')?.code).toBe('common')
  })

  it('refuses one repeated character and the own e-mail address', () => {
    expect(passwordProblem('zzzzzzzzzzzzzz')?.code).toBe('repeated_character')
    expect(
      passwordProblem('ada.lovelace@example.com', { email: 'Ada.Lovelace@example.com' }),
    ).toEqual({ code: 'matches_email', message: 'must not be your e-mail address' })
    expect(passwordProblem('adalovelace1815', { email: 'adalovelace1815@example.com' })?.code).toBe(
      'matches_email',
    )
  })
})

describe('password hashing', () => {
  it('hashes with argon2id and verifies without truncation', async () => {
    const password = 'x'.repeat(100) + ' tail that matters'
    const hash = await hashPassword(password)
    expect(hash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(hash, password)).toBe(true)
    expect(await verifyPassword(hash, 'x'.repeat(100))).toBe(false)
    expect(await verifyPassword(hash, password + ' ')).toBe(false)
  })

  it('answers false for a missing or corrupt hash', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false)
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false)
  })
})
