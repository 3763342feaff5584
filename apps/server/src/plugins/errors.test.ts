import type { ErrorBody } from '@dealcoach/contracts/errors'
import { STATUS_CODES } from 'node:http'
import { connect } from 'node:net'
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
import { errorsPlugin, handleClientError } from './errors.js'

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

/** Sends raw bytes to the server and collects its whole answer. */
function rawExchange(port: number, request: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request))
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('close', () => resolve(answer))
    socket.on('error', reject)
  })
}

describe('requests refused before routing', () => {
  it.each([
    [
      'oversized headers',
      `GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
      'headers_too_large',
    ],
    ['broken HTTP', 'NONSENSE\r\n\r\n', 400, 'bad_request'],
  ])('answers %s with the error body', async (_what, request, status, code) => {
    const app = Fastify({ logger: false, clientErrorHandler: handleClientError })
    app.get('/', () => ({ ok: true }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const address = app.server.address()
      if (typeof address !== 'object' || !address) throw new Error('not listening')
      const answer = await rawExchange(address.port, request)
      expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`)
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorBody
      expect(body.error.code).toBe(code)
    } finally {
      await app.close()
    }
  })
})
