import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, type SignedIn, signUp } from '../test-support/auth-helpers.js'
import { createPipeline, type ErrorJson } from '../test-support/pipeline-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { findNulCharacter } from '../lib/nul-character.js'

describe('NUL characters in the input', () => {
  let testApp: TestApp
  let admin: SignedIn
  const app = () => testApp.app

  beforeAll(async () => {
    testApp = await createTestApp({ RUN_WORKERS: 'false' })
    admin = await signUp(app())
  })
  afterAll(() => testApp.close())

  it('answers 400 for a NUL in a deal search', async () => {
    const response = await app().inject({
      method: 'GET',
      url: '/v1/deals?searchQuery=acme%00corp',
      headers: bearer(admin.accessToken),
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorJson>().error).toEqual({
      code: 'validation_failed',
      message: 'querystring.searchQuery: must not contain a NUL character',
      details: [
        {
          path: 'querystring.searchQuery',
          message: 'must not contain a NUL character',
          code: 'nul_character',
        },
      ],
    })
    // Without the NUL the same search is fine.
    const clean = await app().inject({
      method: 'GET',
      url: '/v1/deals?searchQuery=acme',
      headers: bearer(admin.accessToken),
    })
    expect(clean.statusCode).toBe(200)
  })

  it('answers 400 for a NUL in a pipeline name, and stores nothing', async () => {
    const response = await app().inject({
      method: 'POST',
      url: '/v1/pipelines',
      headers: bearer(admin.accessToken),
      payload: { name: 'New\u0000Business 2', framework: 'meddic' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json<ErrorJson>().error).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'body.name', code: 'nul_character' }],
    })
    await createPipeline(app(), admin, { name: 'New Business 2', framework: 'meddic' })
  })

  it('answers 400 for a NUL in a path parameter and in a nested key', async () => {
    const param = await app().inject({
      method: 'GET',
      url: '/v1/deals/a%00b',
      headers: bearer(admin.accessToken),
    })
    expect(param.statusCode).toBe(400)
    expect(param.json<ErrorJson>().error.details?.[0]?.path).toBe('params.id')

    const key = await app().inject({
      method: 'POST',
      url: '/v1/pipelines',
      headers: bearer(admin.accessToken),
      payload: { name: 'Keys', stages: [{ ['na\u0000me']: 'x' }] },
    })
    expect(key.statusCode).toBe(400)
    expect(key.json<ErrorJson>().error.details?.[0]?.code).toBe('nul_character')
  })

  it('finds a NUL at any depth without recursion', () => {
    let deep: unknown = 'end\u0000'
    for (let i = 0; i < 50_000; i++) deep = [deep]
    expect(findNulCharacter(deep)).toBe(Array.from({ length: 50_000 }, () => '0').join('.'))
    expect(findNulCharacter({ a: ['x', { b: 'fine' }] })).toBeNull()
  })
})
