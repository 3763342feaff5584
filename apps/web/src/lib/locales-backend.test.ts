import type { ReadCallback } from 'i18next'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { localesBackend } from './locales-backend'

/** Reads one namespace through the backend: what i18next's callback receives. */
function read(language: string, namespace: string) {
  return new Promise<Parameters<ReadCallback>>((resolve) => {
    localesBackend('1.2.3').read(language, namespace, (...args) => resolve(args))
  })
}

describe('localesBackend', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('fetches the versioned namespace file and hands over its texts', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ save: 'Speichern' })))
    vi.stubGlobal('fetch', fetchMock)
    expect(await read('de', 'common')).toEqual([null, { save: 'Speichern' }])
    expect(fetchMock).toHaveBeenCalledWith('/locales/de/common.json?v=1.2.3')
  })

  it('marks a server error or a network failure for a retry, and a 404 as final', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 503 })))
    expect((await read('de', 'deals'))[1]).toBe(true)
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    expect((await read('de', 'deals'))[1]).toBe(true)
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(null, { status: 404 })))
    const [error, retry] = await read('xx', 'deals')
    expect(error).toMatch(/404/)
    expect(retry).toBe(false)
  })
})
