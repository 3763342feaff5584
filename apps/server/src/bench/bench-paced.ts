import http from 'node:http'
import { type HttpRun, shareConnections, wireRequest } from './bench-http.js'
import type { BenchRequest } from './bench-scenarios.js'
import { summarise } from './bench-stats.js'

export interface PacedRunOptions {
  /** The server processes; each request goes to the one with the fewest unanswered (least_conn). */
  baseUrls: readonly string[]
  /** Sent in this order, over and over. */
  requests: readonly BenchRequest[]
  headers: Record<string, string>
  /** Open connections in all, shared out evenly over the servers. */
  connections: number
  durationSeconds: number
  /** Requests per second offered, on average. */
  rate: number
  /** Seeds the arrival times, so that two runs offer the same traffic. */
  seed?: number
}

/**
 * When each request arrives, in ms from the start: `rate × duration` of them, each at a uniformly
 * random moment, which is a Poisson process held to its mean count (requests from many
 * independent users arrive so, bunched at times). Seeded, so that runs compare.
 */
export function poissonArrivals(rate: number, durationMs: number, seed = 1): number[] {
  const random = mulberry32(seed)
  const count = Math.round((rate * durationMs) / 1000)
  return Array.from({ length: count }, () => random() * durationMs).sort((a, b) => a - b)
}

/** A small seeded generator of uniform numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state)
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * An open-loop run: requests arrive at `rate` per second whether or not earlier ones were
 * answered, and each one's time runs from when it arrived, so time spent waiting for a free
 * connection counts (no coordinated omission). autocannon's `overallRate` is not used for this:
 * it lets every connection send its whole second's quota at the start of each second, so 50
 * connections offered 300 req/s send 300 requests at once and then nothing, and the p95 is
 * that burst's queue.
 */
export async function runPaced(options: PacedRunOptions): Promise<HttpRun> {
  const agents = shareConnections(options.connections, options.baseUrls.length).map(
    (connections) => new http.Agent({ keepAlive: true, maxSockets: connections }),
  )
  const arrivals = poissonArrivals(options.rate, options.durationSeconds * 1000, options.seed)
  const samples: number[] = []
  const outstanding = agents.map(() => 0)
  let last = -1
  let failures = 0
  const started = performance.now()
  const sent: Promise<void>[] = []
  try {
    for (const [index, arrival] of arrivals.entries()) {
      const wait = started + arrival - performance.now()
      if (wait > 1) await sleep(wait)
      const server = leastBusy(outstanding, last)
      last = server
      const request = options.requests[index % options.requests.length]
      if (!request) throw new Error('a paced run needs requests')
      outstanding[server] = (outstanding[server] ?? 0) + 1
      sent.push(
        send(options.baseUrls[server] ?? '', agents[server], wireRequest(request, options.headers))
          .then((status) => {
            if (status >= 200 && status < 300) samples.push(performance.now() - started - arrival)
            else failures += 1
          })
          .catch(() => {
            failures += 1
          })
          .finally(() => {
            outstanding[server] = (outstanding[server] ?? 1) - 1
          }),
      )
    }
    await Promise.all(sent)
  } finally {
    for (const agent of agents) agent.destroy()
  }
  // Up to the last answer: a server that fell behind answers its last requests late.
  const elapsedSeconds = (performance.now() - started) / 1000
  return {
    connections: options.connections,
    requestsPerSecond: samples.length / elapsedSeconds,
    latency: summarise(samples),
    failures,
  }
}

/**
 * Which server has the fewest requests unanswered; on a tie, the next after `last` (the one chosen
 * before), as nginx's least_conn goes round the tied ones.
 */
export function leastBusy(outstanding: readonly number[], last: number): number {
  let best = -1
  for (let step = 1; step <= outstanding.length; step += 1) {
    const index = (last + step) % outstanding.length
    if (best < 0 || (outstanding[index] ?? 0) < (outstanding[best] ?? 0)) best = index
  }
  return best
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Sends one request and reads its whole answer; resolves with the status. */
function send(
  baseUrl: string,
  agent: http.Agent | undefined,
  request: ReturnType<typeof wireRequest>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(request.path, baseUrl),
      { method: request.method, headers: request.headers, agent, timeout: 10_000 },
      (response) => {
        response.on('data', () => undefined)
        response.on('end', () => resolve(response.statusCode ?? 0))
        response.on('error', reject)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}
