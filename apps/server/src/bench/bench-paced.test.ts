import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { leastBusy, poissonArrivals, runPaced } from './bench-paced.js'

describe('the arrivals of a paced run', () => {
  it('offers rate × duration requests, in order, within the run', () => {
    const arrivals = poissonArrivals(300, 10_000)
    expect(arrivals).toHaveLength(3_000)
    expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b))
    expect(arrivals[0]).toBeGreaterThanOrEqual(0)
    expect(arrivals.at(-1)).toBeLessThan(10_000)
  })

  it('bunches them as independent users do: the gaps spread like an exponential', () => {
    const arrivals = poissonArrivals(300, 100_000)
    const gaps = arrivals.slice(1).map((at, index) => at - (arrivals[index] ?? 0))
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length
    const deviation = Math.sqrt(gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / gaps.length)
    expect(mean).toBeCloseTo(1000 / 300, 1)
    // An exponential's deviation equals its mean; evenly spaced requests would have none.
    expect(deviation / mean).toBeGreaterThan(0.95)
    expect(deviation / mean).toBeLessThan(1.05)
  })

  it('offers the same traffic for the same seed, and other traffic for another', () => {
    expect(poissonArrivals(50, 1_000, 7)).toEqual(poissonArrivals(50, 1_000, 7))
    expect(poissonArrivals(50, 1_000, 7)).not.toEqual(poissonArrivals(50, 1_000, 8))
  })
})

describe('the server a paced request goes to', () => {
  it('is the one with the fewest unanswered', () => {
    expect(leastBusy([3, 1, 2], 0)).toBe(1)
    expect(leastBusy([3, 1, 2], 1)).toBe(1)
  })

  it('goes round the tied ones, starting after the last chosen', () => {
    expect(leastBusy([0, 0], -1)).toBe(0)
    expect(leastBusy([0, 0], 0)).toBe(1)
    expect(leastBusy([0, 0], 1)).toBe(0)
    expect(leastBusy([1, 0, 0], 2)).toBe(1)
    expect(leastBusy([0], 0)).toBe(0)
  })
})

describe('a paced run', () => {
  const servers: http.Server[] = []
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
    )
  })

  async function listen(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('times each request from its arrival, counts failures and shares the requests out', async () => {
    const seen: string[][] = [[], []]
    const baseUrls = await Promise.all(
      [0, 1].map((index) =>
        listen((request, response) => {
          seen[index]?.push(request.url ?? '')
          setTimeout(() => {
            response.statusCode = request.url === '/fails' ? 500 : 200
            response.end('{}')
          }, 5)
        }),
      ),
    )

    const run = await runPaced({
      baseUrls,
      requests: [
        { method: 'GET', path: '/a' },
        { method: 'GET', path: '/b' },
        { method: 'GET', path: '/fails' },
        { method: 'GET', path: '/c' },
      ],
      headers: {},
      connections: 4,
      durationSeconds: 0.5,
      rate: 200,
    })

    expect(run.failures).toBe(25)
    expect(run.latency.count).toBe(75)
    // Each answer waits 5 ms on the server, but libuv counts a timer from the time its loop
    // cached at the start of the iteration, so one may fire a little early (4.99 ms in a CI run).
    expect(run.latency.p50).toBeGreaterThanOrEqual(4)
    expect(run.requestsPerSecond).toBeGreaterThan(100)
    expect(seen[0]?.length).toBeGreaterThan(20)
    expect(seen[1]?.length).toBeGreaterThan(20)
  })
})
