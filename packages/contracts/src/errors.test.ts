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

  it('accepts a detail with its own reason code and the values it names', () => {
    const body = {
      error: {
        code: 'weak_password',
        message: 'body.password: must be at least 12 characters long',
        details: [
          {
            path: 'body.password',
            message: 'must be at least 12 characters long',
            code: 'too_short',
            params: { min: 12 },
          },
        ],
      },
    }
    expect(errorBodySchema.parse(body)).toEqual(body)
    const nested = { ...body.error.details[0], params: { min: { value: 12 } } }
    expect(errorBodySchema.safeParse({ error: { ...body.error, details: [nested] } }).success).toBe(
      false,
    )
  })

  it('rejects an error without a code', () => {
    expect(errorBodySchema.safeParse({ error: { message: 'x' } }).success).toBe(false)
  })
})
