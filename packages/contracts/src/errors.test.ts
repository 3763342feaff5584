import { describe, expect, it } from 'vitest'
import { errorBodySchema } from './errors.js'

describe('errorBodySchema', () => {
  it('accepts the documented error shape with details', () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Invalid request',
        details: [{ path: 'body.email', message: 'Invalid email address' }],
      },
    }
    expect(errorBodySchema.parse(body)).toEqual(body)
  })

  it('rejects an error without a code', () => {
    expect(errorBodySchema.safeParse({ error: { message: 'x' } }).success).toBe(false)
  })
})
