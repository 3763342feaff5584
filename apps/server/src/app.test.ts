import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { gunzipSync } from 'node:zlib'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { redactUrl } from './lib/logger-options.js'
import { bearer, signUp, uniqueEmail } from './test-support/auth-helpers.js'
import { createTestApp, type TestApp } from './test-support/test-app.js'

describe('the application', () => {
  let testApp: TestApp
  let webDistDir: string

  beforeAll(async () => {
    webDistDir = await mkdtemp(path.join(tmpdir(), 'dealcoach-web-'))
    await mkdir(path.join(webDistDir, 'assets'))
    await mkdir(path.join(webDistDir, 'locales', 'en'), { recursive: true })
    await writeFile(path.join(webDistDir, 'index.html'), '<!doctype html><div id="root"></div>')
    await writeFile(path.join(webDistDir, 'assets', 'app-1234.js'), 'console.log(1)')
    // What the web build writes beside an asset: its Brotli and gzip copies.
    await writeFile(path.join(webDistDir, 'assets', 'app-1234.js.br'), 'brotli bytes')
    await writeFile(path.join(webDistDir, 'assets', 'app-1234.js.gz'), 'gzip bytes')
    await writeFile(
      path.join(webDistDir, 'locales', 'en', 'common.json'),
      '{"app_name":"Dealcoach"}',
    )

    testApp = await createTestApp({}, { webDistDir })
    const { app } = testApp
    // Routes that exist only in this test, to exercise the error handler.
    app.post(
      '/v1/test/echo',
      { schema: { body: z.object({ email: z.email(), seats: z.number().int().min(1) }) } },
      (request) => request.body,
    )
    app.put('/v1/test/toggle', () => ({ toggled: true }))
    app.get('/v1/test/large', () => ({
      deals: Array.from({ length: 100 }, (_, index) => ({ id: index, name: `Deal ${index}` })),
    }))
    app.get('/v1/test/crash', () => {
      throw new Error('secret database password in a stack trace')
    })
  })

  afterAll(async () => {
    await testApp.close()
    await rm(webDistDir, { recursive: true, force: true })
  })

  it('answers liveness and readiness', async () => {
    const health = await testApp.app.inject({ method: 'GET', url: '/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok', version: '0.139.1', release_stage: 'test' })

    const ready = await testApp.app.inject({ method: 'GET', url: '/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: testApp.config.database.kind })
  })

  it('echoes or creates a request id', async () => {
    const given = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(given.headers['x-request-id']).toBe('abc-123')
    const made = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'bad id!' },
    })
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('publishes an OpenAPI 3.1 document generated from the routes', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json<{
      openapi: string
      paths: Record<string, unknown>
      components?: { schemas?: Record<string, unknown> }
    }>()
    expect(document.openapi).toBe('3.1.0')
    // A detail's optional reason and values are documented for API users.
    expect(document.components?.schemas?.ErrorBody).toMatchObject({
      properties: {
        error: {
          properties: {
            details: {
              items: {
                properties: { code: { type: 'string' }, params: { type: 'object' } },
                required: ['path', 'message'],
              },
            },
          },
        },
      },
    })
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/ready',
        '/locales/{lng}/{file}',
        '/auth/email-login',
        '/auth/refresh',
        '/register/{joinkey}',
        '/v1/users/me',
        '/v1/users/deal-owners',
      ]),
    )

    const docs = await testApp.app.inject({ method: 'GET', url: '/docs/' })
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-type']).toContain('text/html')
  })

  it('describes every query parameter of its own (page, per_page, …) in the OpenAPI document', async () => {
    type Operation = {
      parameters?: { name: string; in: string; description?: string }[]
      responses?: Record<string, unknown>
    }
    const response = await testApp.app.inject({ method: 'GET', url: '/openapi.json' })
    const { paths } = response.json<{ paths: Record<string, Record<string, Operation>> }>()
    // Filter-form keys (`close_date.gte`) are described together in their operation's text.
    const undescribed = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === 'query' && !p.name.includes('.') && !p.description)
          .map((p) => `${method.toUpperCase()} ${path} ${p.name}`),
      ),
    )
    expect(undescribed).toEqual([])
    // The translations' bad-code 400 and missing-file 404 are documented like other errors.
    expect(paths['/locales/{lng}/{file}']?.get).toMatchObject({
      responses: { 400: expect.anything() as unknown, 404: expect.anything() as unknown },
    })
  })

  it('describes the multipart uploads’ bodies in the OpenAPI document, by media type (DESIGN §3.4)', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/openapi.json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { required?: boolean; content: Record<string, unknown> } }>
      >
    }>()
    const bodyOf = (path: string) => document.paths[path]?.post?.requestBody
    const binaryFile = { type: 'string', format: 'binary' }
    expect(bodyOf('/v1/imports')).toMatchObject({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              kind: { enum: ['deals', 'contacts', 'engagements'] },
              mapping: { type: 'string' },
              value_mapping: { type: 'string' },
              file: binaryFile,
            },
            required: ['kind', 'file'],
          },
        },
      },
    })
    expect(Object.keys(bodyOf('/v1/imports')?.content ?? {})).toEqual(['multipart/form-data'])
    for (const path of ['/v1/deals/{id}/engagements', '/v1/deals/{id}/engagements/preview']) {
      const body = bodyOf(path)
      expect(Object.keys(body?.content ?? {}), path).toEqual([
        'multipart/form-data',
        'application/json',
      ])
      expect(body?.content['multipart/form-data'], path).toMatchObject({
        schema: {
          type: 'object',
          properties: {
            file: binaryFile,
            roles: { type: 'string' },
            name: { type: 'string' },
            occurred_at: { type: 'string' },
          },
          required: ['file'],
        },
      })
      // The pasted transcript or typed e-mail, one of the two by `type`.
      expect(JSON.stringify(body?.content['application/json']), path).toContain('"transcript"')
      expect(JSON.stringify(body?.content['application/json']), path).toContain('"email"')
    }
  })

  it('answers invalid input with 400 and the field paths', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      payload: { email: 'not-an-email', seats: 0 },
    })
    expect(response.statusCode).toBe(400)
    const body = response.json<{ error: { code: string; details: { path: string }[] } }>()
    expect(body.error.code).toBe('validation_failed')
    expect(body.error.details.map((detail) => detail.path).sort()).toEqual([
      'body.email',
      'body.seats',
    ])
  })

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: { code: 'invalid_json' } })
  })

  it('takes an empty body labelled JSON as no body: bodiless calls work, others name body', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8' }
    const toggle = await testApp.app.inject({
      method: 'PUT',
      url: '/v1/test/toggle',
      headers: json,
    })
    expect(toggle.statusCode).toBe(200)
    expect(toggle.json()).toEqual({ toggled: true })

    const echo = await testApp.app.inject({ method: 'POST', url: '/v1/test/echo', headers: json })
    expect(echo.statusCode).toBe(400)
    expect(echo.json()).toMatchObject({
      error: { code: 'validation_failed', details: [{ path: 'body' }] },
    })

    const poisoned = await testApp.app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: json,
      payload: '{"__proto__":{"admin":true}}',
    })
    expect(poisoned.statusCode).toBe(400)
  })

  it("answers a path the router refuses with the error body, not Fastify's own", async () => {
    const long = await testApp.app.inject({ method: 'GET', url: `/v1/deals/${'x'.repeat(500)}` })
    expect(long.statusCode).toBe(414)
    expect(long.json()).toEqual({
      error: { code: 'path_too_long', message: 'A value in the path is too long.' },
    })
    const bad = await testApp.app.inject({ method: 'GET', url: '/v1/deals/%E0%A4%A' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: 'bad_url' } })
  })

  it('never leaks the message of an internal error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/v1/test/crash' })
    expect(response.statusCode).toBe(500)
    expect(response.body).not.toContain('secret')
    expect(response.json()).toMatchObject({ error: { code: 'internal_error' } })
  })

  it('keeps unknown API paths as JSON 404s and serves the app for client routes', async () => {
    for (const url of [
      '/v1/nothing-here',
      '/auth/nothing',
      '/graphql/x',
      '/register/some-key/extra',
    ]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
      })
      expect(response.statusCode, url).toBe(404)
      expect(response.json(), url).toMatchObject({ error: { code: 'not_found' } })
    }
    for (const url of [
      '/',
      '/dashboard/',
      '/deals/123',
      '/register/',
      '/configure/pipelines/abc',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url })
      expect(response.statusCode, url).toBe(200)
      expect(response.headers['content-type'], url).toContain('text/html')
      expect(response.headers['cache-control'], url).toBe('no-cache')
    }
    const missingAsset = await testApp.app.inject({ method: 'GET', url: '/favicon.ico' })
    expect(missingAsset.statusCode).toBe(404)
  })

  it('answers an API path asked with a method it does not take with 405 and the methods it takes', async () => {
    const id = '6613be39-0c8e-4c5f-9a53-0a4cf1a0a1b2'
    const cases: [string, string, string][] = [
      ['DELETE', '/v1/deals', 'GET, HEAD, POST'],
      ['DELETE', '/v1/deals/?page=2', 'GET, HEAD, POST'],
      ['PUT', `/v1/deals/${id}/contacts`, 'GET, HEAD'],
      ['POST', `/v1/objections/types/${id}`, 'GET, HEAD, PUT, DELETE'],
      ['GET', '/v1/test/toggle', 'PUT'],
      ['POST', '/v1/test/large', 'GET, HEAD'],
      ['GET', '/auth/email-login', 'POST'],
      ['PATCH', '/locales/en/common.json', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
      ['DELETE', '/ready', 'GET, HEAD'],
    ]
    for (const [method, url, allow] of cases) {
      // No token: which methods a path takes is no secret, the OpenAPI document lists them.
      const response = await testApp.app.inject({ method: method as 'GET', url })
      expect(response.statusCode, `${method} ${url}`).toBe(405)
      expect(response.headers.allow, `${method} ${url}`).toBe(allow)
      expect(response.json(), `${method} ${url}`).toEqual({
        error: {
          code: 'method_not_allowed',
          message: `${method} is not served at ${url.split('?')[0]}; use ${allow}.`,
        },
      })
    }
  })

  it('keeps 404 for paths no method serves, and for other methods on the app’s own paths', async () => {
    for (const [method, url] of [
      ['DELETE', '/v1/nothing-here'],
      ['POST', '/v1/deals/not/a/route'],
      ['POST', '/register/'],
      ['POST', '/dashboard/'],
      ['POST', '/assets/app-1234.js'],
      ['DELETE', '/'],
    ] as const) {
      const response = await testApp.app.inject({ method, url })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.headers.allow, `${method} ${url}`).toBeUndefined()
      expect(response.json(), `${method} ${url}`).toMatchObject({ error: { code: 'not_found' } })
    }
  })

  it('answers an API path with a trailing slash as the path without it', async () => {
    const admin = await signUp(testApp.app, { email: uniqueEmail('slash', 'app.example') })
    const list = (url: string) =>
      testApp.app.inject({ method: 'GET', url, headers: bearer(admin.accessToken) })
    const withSlash = await list('/v1/pipelines/?page_size=1')
    expect(withSlash.statusCode, withSlash.body).toBe(200)
    expect(withSlash.json()).toEqual((await list('/v1/pipelines?page_size=1')).json())
    expect((await list('/v1/nothing-here/')).statusCode).toBe(404)
  })

  it('serves the sign-up page at /register/ while /register/{joinkey} stays the API', async () => {
    const page = await testApp.app.inject({
      method: 'GET',
      url: '/register/',
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('<div id="root">')

    const withQuery = await testApp.app.inject({ method: 'GET', url: '/register/?ref=mail' })
    expect(withQuery.statusCode).toBe(200)
    expect(withQuery.headers['content-type']).toContain('text/html')

    const api = await testApp.app.inject({
      method: 'GET',
      url: '/register/unknown-join-key',
      headers: { accept: 'text/html' },
    })
    expect(api.statusCode).toBe(404)
    expect(api.json()).toMatchObject({ error: { code: 'join_key_not_found' } })
  })

  it('serves hashed assets as immutable', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toContain('immutable')
  })

  it('sends the compressed copy of an asset that the browser accepts', async () => {
    const get = (acceptEncoding?: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      })

    const brotli = await get('gzip, deflate, br')
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/)
    expect(brotli.headers['cache-control']).toContain('immutable')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.body).toBe('brotli bytes')

    const gzip = await get('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.body).toBe('gzip bytes')

    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe('console.log(1)')

    // The copies are not assets of their own.
    const copy = await testApp.app.inject({ method: 'GET', url: '/assets/app-1234.js.br' })
    expect(copy.statusCode).toBe(404)
  })

  it('compresses a large JSON answer for a client that accepts it, and only then', async () => {
    const compressed = await testApp.app.inject({
      method: 'GET',
      url: '/v1/test/large',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(compressed.statusCode).toBe(200)
    expect(compressed.headers['content-encoding']).toBe('gzip')
    const body = JSON.parse(gunzipSync(compressed.rawPayload).toString()) as { deals: unknown[] }
    expect(body.deals).toHaveLength(100)

    const plain = await testApp.app.inject({ method: 'GET', url: '/v1/test/large' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json<{ deals: unknown[] }>().deals).toHaveLength(100)

    // A small answer is not worth it.
    const small = await testApp.app.inject({
      method: 'GET',
      url: '/health',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('serves translations with long caching only for the current version', async () => {
    const versioned = await testApp.app.inject({
      method: 'GET',
      url: '/locales/en/common.json?v=0.139.1',
    })
    expect(versioned.statusCode).toBe(200)
    expect(versioned.json()).toEqual({ app_name: 'Dealcoach' })
    expect(versioned.headers['cache-control']).toContain('immutable')

    const unversioned = await testApp.app.inject({ method: 'GET', url: '/locales/en/common.json' })
    expect(unversioned.headers['cache-control']).toBe('public, max-age=300')

    const missing = await testApp.app.inject({ method: 'GET', url: '/locales/xx/common.json' })
    expect(missing.statusCode).toBe(404)

    // Spec §1: the regional code en-gb maps to en, in any case; a region of a missing one does not.
    for (const lng of ['en-gb', 'EN-GB', 'en-us']) {
      const regional = await testApp.app.inject({
        method: 'GET',
        url: `/locales/${lng}/common.json?v=0.139.1`,
      })
      expect(regional.statusCode, lng).toBe(200)
      expect(regional.json()).toEqual({ app_name: 'Dealcoach' })
      expect(regional.headers['cache-control']).toContain('immutable')
    }
    for (const url of ['/locales/xx-gb/common.json', '/locales/en-gb/missing.json']) {
      const none = await testApp.app.inject({ method: 'GET', url })
      expect(none.statusCode, url).toBe(404)
      expect(none.json<{ error: { code: string } }>().error.code).toBe('not_found')
    }

    const traversal = await testApp.app.inject({
      method: 'GET',
      url: '/locales/..%2F..%2Fetc/passwd.json',
    })
    expect(traversal.statusCode).toBe(400)
  })

  it('sends security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/health' })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['content-security-policy']).toContain("default-src 'self'")
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })
})

describe('redactUrl', () => {
  it('hides join keys and password-reset tokens from logged URLs', () => {
    expect(redactUrl('/register/abcdef?x=1')).toBe('/register/[redacted]?x=1')
    expect(redactUrl('/complete_registration/abcdef')).toBe('/complete_registration/[redacted]')
    expect(redactUrl('/reset-password/abcdef')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/v1/deals?page=2')).toBe('/v1/deals?page=2')
  })
})
