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

  it('stores languages lower-case', () => {
    expect(updateMeBodySchema.parse({ language: 'en-GB' })).toEqual({ language: 'en-gb' })
    expect(updateMeBodySchema.safeParse({ language: 'english' }).success).toBe(false)
  })
})
