import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES, compressJsonPlugin } from './compress-json.js'

describe('the encoding chosen from Accept-Encoding', () => {
  it('prefers Brotli, then gzip, and sends none when neither is accepted', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br')
    expect(chooseEncoding('gzip, deflate')).toBe('gzip')
    expect(chooseEncoding('deflate')).toBeUndefined()
    expect(chooseEncoding('identity')).toBeUndefined()
    expect(chooseEncoding('')).toBeUndefined()
    expect(chooseEncoding(undefined)).toBeUndefined()
  })

  it('reads weights: q=0 refuses a coding, * stands for the ones not named', () => {
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip')
    expect(chooseEncoding('BR;Q=0.8')).toBe('br')
    expect(chooseEncoding('*')).toBe('br')
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip')
    expect(chooseEncoding('br;q=0, *')).toBe('gzip')
    expect(chooseEncoding('br;q=nonsense')).toBeUndefined()
  })
})

describe('JSON answers compressed as they are sent', () => {
  const app = Fastify()
  const large = {
    deals: Array.from({ length: 100 }, (_, index) => ({ id: index, name: `Deal ${index}` })),
  }

  beforeAll(async () => {
    await app.register(compressJsonPlugin)
    app.get('/large', async () => large)
    app.get('/small', async () => ({ ok: true }))
    app.get('/text', async (_request, reply) => reply.type('text/plain').send('x'.repeat(4096)))
    app.get('/varies', async (_request, reply) => reply.header('vary', 'Origin').send(large))
    await app.ready()
  })
  afterAll(() => app.close())

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    })

  it('sends Brotli to a client that accepts it, whole and with its length', async () => {
    const response = await get('/large', 'gzip, br')
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers.vary).toBe('Accept-Encoding')
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length)
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(large)
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(large).length / 3)
  })

  it('sends gzip to a client without Brotli, and plain JSON to one that accepts neither', async () => {
    const gzip = await get('/large', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(large)

    const plain = await get('/large')
    expect(plain.headers['content-encoding']).toBeUndefined()
    // Another client may get it compressed, so caches must keep the two apart.
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.json()).toEqual(large)
  })

  it(`leaves answers under ${COMPRESS_THRESHOLD_BYTES} bytes and other types as they are`, async () => {
    const small = await get('/small', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ ok: true })

    const text = await get('/text', 'br')
    expect(text.headers['content-encoding']).toBeUndefined()
    expect(text.body).toHaveLength(4096)
  })

  it('adds Accept-Encoding to a Vary the route set', async () => {
    const response = await get('/varies', 'br')
    expect(response.headers.vary).toBe('Origin, Accept-Encoding')
  })
})
