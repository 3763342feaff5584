import { describe, expect, it } from 'vitest'
import { afterEachBatch, TURN_MS } from './import-run.js'

describe('import-run: after each batch', () => {
  const pauses = () => {
    const taken: number[] = []
    return { taken, pause: (ms: number) => Promise.resolve(taken.push(ms)) }
  }

  it('pauses on PGlite, whose one connection answers within the same turn of the event loop', async () => {
    const { taken, pause } = pauses()
    const afterBatch = afterEachBatch('pglite', pause)
    await afterBatch()
    await afterBatch()
    expect(taken).toEqual([TURN_MS, TURN_MS])
  })

  it('goes straight on on a PostgreSQL server, whose pool serves other requests meanwhile', async () => {
    const { taken, pause } = pauses()
    await afterEachBatch('postgres', pause)()
    expect(taken).toEqual([])
  })
})
