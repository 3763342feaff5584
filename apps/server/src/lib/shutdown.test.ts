import { EventEmitter } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { installGracefulShutdown } from './shutdown.js'

describe('graceful shutdown', () => {
  let testApp: TestApp | undefined
  afterAll(async () => {
    await testApp?.close()
  })

  it('lets an in-flight request finish after SIGTERM, then stops accepting', async () => {
    testApp = await createTestApp()
    const { app } = testApp
    let releaseRequest: () => void = () => undefined
    let requestStarted: () => void = () => undefined
    const started = new Promise<void>((resolve) => (requestStarted = resolve))
    app.get('/v1/test/slow', async () => {
      requestStarted()
      await new Promise<void>((resolve) => (releaseRequest = resolve))
      return { finished: true }
    })

    const signals = new EventEmitter()
    const exited = new Promise<number>((resolve) =>
      installGracefulShutdown(app, { timeoutMs: 10_000, signals, exit: resolve }),
    )
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    const base = `http://127.0.0.1:${port}`

    const inFlight = fetch(`${base}/v1/test/slow`)
    await started
    signals.emit('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 100))

    await expect(fetch(`${base}/health`)).rejects.toThrow()
    releaseRequest()
    const response = await inFlight
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ finished: true })
    expect(await exited).toBe(0)
  })
})
