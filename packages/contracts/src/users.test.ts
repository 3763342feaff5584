import { describe, expect, it } from 'vitest'
import {
  dealOwnersQuerySchema,
  invitationBodySchema,
  updateMeBodySchema,
  usersQuerySchema,
} from './users.js'

describe('users contracts', () => {
  it('pages deal owners 100 at a time by default and coerces query strings', () => {
    expect(dealOwnersQuerySchema.parse({})).toEqual({ page: 1, per_page: 100 })
    expect(dealOwnersQuerySchema.parse({ page: '3', per_page: '25' })).toEqual({
      page: 3,
      per_page: 25,
    })
    expect(usersQuerySchema.parse({})).toEqual({ page: 1, page_size: 100 })
    expect(usersQuerySchema.safeParse({ page_size: '5000' }).success).toBe(false)
  })

  it('invites members unless a role is given', () => {
    expect(
      invitationBodySchema.parse({ email: 'a@b.example', first_name: 'A', last_name: 'B' }).role,
    ).toBe('member')
  })

  it('takes the languages the app has, a regional code as its language (en-GB → en)', () => {
    expect(updateMeBodySchema.parse({ language: 'en-GB' })).toEqual({ language: 'en' })
    expect(updateMeBodySchema.parse({ language: 'DE' })).toEqual({ language: 'de' })
    expect(updateMeBodySchema.parse({ language: 'fr_CA' })).toEqual({
      language: 'fr',
    })
    for (const language of ['english', 'xx', 'pt-br', '']) {
      expect(updateMeBodySchema.safeParse({ language }).success, language).toBe(false)
    }
  })
})
