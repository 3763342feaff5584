import autocannon from 'autocannon'
import type { BenchRequest } from './bench-scenarios.js'
import { type LatencySummary, summarise } from './bench-stats.js'

export interface HttpRunOptions {
  /** The server processes, each with its share of the connections (one connection: the first). */
  baseUrls: readonly string[]
  /** Each connection sends these in turn, round after round. */
  requests: readonly BenchRequest[]
  headers: Record<string, string>
  connections: number
  durationSeconds: number
}

export interface HttpRun {
  connections: number
  requestsPerSecond: number
  latency: LatencySummary
  /** Responses that were not 2xx plus connection errors: any of these voids the run. */
  failures: number
}

/**
 * A request as it goes on the wire, with its own copy of the shared headers (for autocannon a
 * request's own headers replace the shared ones) and a body as JSON. fetch sends the same.
 */
export function wireRequest(request: BenchRequest, headers: Record<string, string>) {
  return request.body === undefined
    ? { method: request.method, path: request.path, headers }
    : {
        method: request.method,
        path: request.path,
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(request.body),
      }
}

/**
 * How many of `connections` each of `servers` processes gets, as a load balancer in front of them
 * would share them: as evenly as whole connections allow. A server left without one gets none.
 */
export function shareConnections(connections: number, servers: number): number[] {
  return Array.from(
    { length: Math.min(servers, connections) },
    (_, index) => Math.floor(connections / servers) + (index < connections % servers ? 1 : 0),
  )
}

/**
 * One run: an autocannon instance per server process, side by side, with its share of the
 * connections. autocannon's own histogram reports p90 and p97.5 but no p95, so every response
 * time is kept and summarised here, with the same percentile as the SQL timings.
 */
export async function runHttp(options: HttpRunOptions): Promise<HttpRun> {
  const samples: number[] = []
  const shares = shareConnections(options.connections, options.baseUrls.length)
  const results = await Promise.all(
    shares.map((connections, index) =>
      runAutocannon({ ...options, connections, baseUrl: options.baseUrls[index] ?? '' }, samples),
    ),
  )
  const duration = Math.max(...results.map((result) => result.duration))
  const failures = results.reduce((sum, result) => sum + result.non2xx + result.errors, 0)
  return {
    connections: options.connections,
    requestsPerSecond: samples.length / duration,
    latency: summarise(samples),
    failures,
  }
}

/** One autocannon instance against one server, adding its 2xx response times to `samples`. */
function runAutocannon(
  options: HttpRunOptions & { baseUrl: string },
  samples: number[],
): Promise<autocannon.Result> {
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        headers: options.headers,
        requests: options.requests.map((request) => wireRequest(request, options.headers)),
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
      },
      (error: unknown, finished: autocannon.Result) => {
        if (error) reject(error instanceof Error ? error : new Error('autocannon failed'))
        else resolve(finished)
      },
    )
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime)
    })
  })
}
