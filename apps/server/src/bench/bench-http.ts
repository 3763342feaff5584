import autocannon from 'autocannon'
import { type LatencySummary, summarise } from './bench-stats.js'

export interface HttpRunOptions {
  url: string
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
 * One autocannon run. autocannon's own histogram reports p90 and p97.5 but no p95, so every
 * response time is kept and summarised here, with the same percentile as the SQL timings.
 */
export async function runHttp(options: HttpRunOptions): Promise<HttpRun> {
  const samples: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        headers: options.headers,
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
  return {
    connections: options.connections,
    requestsPerSecond: samples.length / result.duration,
    latency: summarise(samples),
    failures: result.non2xx + result.errors,
  }
}
