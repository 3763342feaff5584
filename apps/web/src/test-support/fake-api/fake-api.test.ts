import { describe, expect, it, vi } from 'vitest'
import { fakeApi } from './fake-api'
import { pipelineFixture, PIPELINE_ID } from './fixtures/pipeline-fixture'

const send = (path: string, method = 'GET', body?: unknown) =>
  fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe('the fake API', () => {
  it('answers from its state and records what was asked', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    const response = await send(`/v1/pipelines/${PIPELINE_ID}/toggle`, 'PUT')
    expect(response.status).toBe(200)
    expect(fakeApi.state.pipelines[0]?.active).toBe(false)
    expect(fakeApi.writes()).toEqual([
      { method: 'PUT', url: `/v1/pipelines/${PIPELINE_ID}/toggle`, body: undefined },
    ])
  })

  it('refuses a body its contract refuses, with the server’s 400', async () => {
    const response = await send('/v1/pipelines', 'POST', { name: '   ' })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'body.name: must not be blank',
        details: [{ path: 'body.name', message: 'must not be blank' }],
      },
    })
    expect(fakeApi.state.pipelines).toEqual([])
  })

  it('answers an objection type’s create sent again as the first, another with the id 409', async () => {
    const create = {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Data residency',
      description: 'Where the data is kept.',
      examples: [],
      active: true,
    }
    const first = await send('/v1/objections/types', 'POST', create)
    const again = await send('/v1/objections/types', 'POST', create)
    expect(again.status).toBe(201)
    expect(await again.json()).toEqual(await first.json())
    expect(fakeApi.state.objectionTypes).toHaveLength(1)
    const other = await send('/v1/objections/types', 'POST', { ...create, name: 'Hosting' })
    expect(other.status).toBe(409)
  })

  it('reports an answer outside the contract', async () => {
    fakeApi.seed({ health: { status: 'ok', version: 9, release_stage: 'test' } as never })
    await send('/health')
    const broken = fakeApi.reset()
    expect(broken).toHaveLength(1)
    expect(broken[0]).toMatch(/^GET \/health answered 200 with a body outside its contract/)
  })

  it('fails the next matching call as told, once', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    fakeApi.failNext(`GET /v1/pipelines/${PIPELINE_ID}`, {
      status: 503,
      code: 'unavailable',
      message: 'Down for a moment',
      headers: { 'retry-after': '5' },
    })
    const failed = await send(`/v1/pipelines/${PIPELINE_ID}`)
    expect(failed.status).toBe(503)
    expect(failed.headers.get('retry-after')).toBe('5')
    expect(await failed.json()).toEqual({
      error: { code: 'unavailable', message: 'Down for a moment' },
    })
    expect((await send(`/v1/pipelines/${PIPELINE_ID}`)).status).toBe(200)

    fakeApi.failNext('GET /health', 'network')
    await expect(send('/health')).rejects.toThrow('Failed to fetch')
  })

  it('holds a call until released', async () => {
    fakeApi.seed({ pipelines: [pipelineFixture()] })
    const held = fakeApi.holdNext('PUT /v1/pipelines/:id/toggle')
    let settled = false
    const answer = send(`/v1/pipelines/${PIPELINE_ID}/toggle`, 'PUT').finally(() => {
      settled = true
    })
    await vi.waitFor(() => expect(fakeApi.writes()).toHaveLength(1))
    expect(settled).toBe(false)
    expect(fakeApi.state.pipelines[0]?.active).toBe(true)
    held.release()
    expect((await answer).status).toBe(200)
    expect(fakeApi.state.pipelines[0]?.active).toBe(false)
  })

  it('knows only its own endpoints', () => {
    expect(() => fakeApi.failNext('GET /v1/nowhere', 'network')).toThrow(
      'The fake API has no endpoint GET /v1/nowhere',
    )
  })

  it('fails a request that no endpoint serves', async () => {
    const consoleError = vi.mocked(console.error)
    await expect(send('/v1/nowhere')).rejects.toThrow()
    expect(consoleError).toHaveBeenCalled()
    expect(String(consoleError.mock.calls[0]?.[0])).toContain('GET /v1/nowhere')
    // The test asserted on it; the suite's console.error guard need not fail it too.
    consoleError.mockClear()
  })
})
