import { describe, expect, it } from 'vitest'
import {
  confirmRegistrationBodySchema,
  emailRegistrationBodySchema,
  newPasswordSchema,
  socialAuthBodySchema,
  tokenResponseSchema,
} from './auth.js'

describe('auth contracts', () => {
  it('bounds new passwords at 12 to 128 code points', () => {
    expect(newPasswordSchema.safeParse('x'.repeat(11)).success).toBe(false)
    expect(newPasswordSchema.safeParse('twelve chars').success).toBe(true)
    expect(newPasswordSchema.safeParse('🔑'.repeat(128)).success).toBe(true)
    expect(newPasswordSchema.safeParse('🔑'.repeat(129)).success).toBe(false)
  })

  it('reads the registration bodies the web app sends', () => {
    expect(
      emailRegistrationBodySchema.parse({
        email: 'ada@example.com',
        firstname: ' Ada ',
        lastname: 'Lovelace',
        is_perform_registration: false,
        source: 'web',
      }),
    ).toMatchObject({ firstname: 'Ada' })
    expect(
      emailRegistrationBodySchema.safeParse({
        email: 'ada@example.com',
        firstname: 'Ada',
        lastname: 'Lovelace',
        is_perform_registration: null,
        source: null,
      }).success,
    ).toBe(true)
    const confirm = confirmRegistrationBodySchema.safeParse({
      email: 'ada@example.com',
      password: 'short',
    })
    expect(confirm.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'joinkey',
      'password',
    ])
  })

  it('knows the social providers and the token answer', () => {
    expect(socialAuthBodySchema.safeParse({ provider: 'github', token: 'x' }).success).toBe(false)
    expect(
      tokenResponseSchema.parse({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 900 }),
    ).toEqual({ access_token: 'a.b.c', token_type: 'Bearer', expires_in: 900 })
  })
})
