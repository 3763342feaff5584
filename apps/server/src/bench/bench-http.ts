import autocannon from 'autocannon'
import type { BenchRequest } from './bench-scenarios.js'
import { type LatencySummary, summarise } from './bench-stats.js'

export interface HttpRunOptions {
  baseUrl: string
  /** Each connection sends these in turn, round after round. */
  requests: readonly BenchRequest[]
  headers: Record<string, string>
  connections: number
  durationSeconds: number
  /** Requests per second offered by all connections together; unset: as fast as answered. */
  overallRate?: number
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
 * One autocannon run. autocannon's own histogram reports p90 and p97.5 but no p95, so every
 * response time is kept and summarised here, with the same percentile as the SQL timings.
 */
export async function runHttp(options: HttpRunOptions): Promise<HttpRun> {
  const samples: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.baseUrl,
        headers: options.headers,
        requests: options.requests.map((request) => wireRequest(request, options.headers)),
        connections: options.connections,
        duration: options.durationSeconds,
        ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
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
  return {
    connections: options.connections,
    requestsPerSecond: samples.length / result.duration,
    latency: summarise(samples),
    failures: result.non2xx + result.errors,
  }
}
