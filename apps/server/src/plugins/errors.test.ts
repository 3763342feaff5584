import type { ErrorBody } from '@dealcoach/contracts/errors'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import {
  Conflict,
  Forbidden,
  Gone,
  Invalid,
  NotFound,
  NotImplemented,
  RateLimited,
  Unauthenticated,
  UpstreamUnavailable,
} from '../lib/domain-errors.js'
import { errorsPlugin } from './errors.js'

async function answerTo(error: Error) {
  const app = Fastify({ logger: false })
  await app.register(errorsPlugin)
  app.get('/', () => {
    throw error
  })
  const response = await app.inject({ method: 'GET', url: '/' })
  await app.close()
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json<ErrorBody>(),
  }
}

describe('domain errors over HTTP', () => {
  it.each([
    [new NotFound('Pipeline'), 404, { code: 'not_found', message: 'Pipeline not found' }],
    [new Forbidden(), 403, { code: 'forbidden', message: 'You are not allowed to do this.' }],
    [
      new Unauthenticated('invalid_credentials', 'No.'),
      401,
      { code: 'invalid_credentials', message: 'No.' },
    ],
    [new Gone('join_key_used', 'Used.'), 410, { code: 'join_key_used', message: 'Used.' }],
    [
      new NotImplemented('crm_provider_unavailable', 'Not here.'),
      501,
      { code: 'crm_provider_unavailable', message: 'Not here.' },
    ],
    [
      new UpstreamUnavailable('provider_unavailable', 'Later.'),
      503,
      { code: 'provider_unavailable', message: 'Later.' },
    ],
  ])('%s answers its status with the error body', async (error, status, expected) => {
    expect(await answerTo(error)).toMatchObject({ status, body: { error: expected } })
  })

  it('puts field problems under the input they came from, with one sentence for them all', async () => {
    const invalid = new Invalid([
      { field: 'stages.1.stage_id', message: 'is listed twice' },
      { field: 'name', message: 'is required' },
    ])
    expect(await answerTo(invalid)).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'body.stages.1.stage_id: is listed twice (and 1 more)',
          details: [
            { path: 'body.stages.1.stage_id', message: 'is listed twice' },
            { path: 'body.name', message: 'is required' },
          ],
        },
      },
    })
    const query = new Invalid([{ field: 'colour.eq', message: 'unknown' }], {
      source: 'querystring',
    })
    expect((await answerTo(query)).body.error.details).toEqual([
      { path: 'querystring.colour.eq', message: 'unknown' },
    ])
  })

  it('words a problem with the whole input as a sentence', async () => {
    const invalid = new Invalid([{ field: '', message: 'answer at least one question' }])
    expect((await answerTo(invalid)).body.error).toEqual({
      code: 'validation_failed',
      message: 'Answer at least one question.',
      details: [{ path: 'body', message: 'answer at least one question' }],
    })
  })

  it('answers a conflict with the fields it concerns', async () => {
    const conflict = new Conflict('name_taken', 'Taken.', [{ field: 'name', message: 'is taken' }])
    expect(await answerTo(conflict)).toMatchObject({
      status: 409,
      body: {
        error: { code: 'name_taken', details: [{ path: 'body.name', message: 'is taken' }] },
      },
    })
  })

  it('tells a rate-limited caller when to come back', async () => {
    const answer = await answerTo(new RateLimited(120.2))
    expect(answer.status).toBe(429)
    expect(answer.headers['retry-after']).toBe('121')
    expect(answer.body.error).toEqual({
      code: 'rate_limited',
      message: 'Too many attempts. Try again in 3 minutes.',
    })
  })
})
