import pg from 'pg'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { exitOnStartupFailure } from '../lib/exit-on-startup-failure.js'

/**
 * The server under test, in its own process (forked by run-bench.ts with the environment of a
 * real install: DATABASE_URL, JWT_SECRET, RUN_WORKERS=false). Besides serving, it tells the bench
 * over IPC which SQL a request issued, so the bench can time that very SQL alone — whatever the
 * deals module does at the time, without a hook in module code.
 */

/** One statement as the application sent it to PostgreSQL. */
export interface CapturedQuery {
  text: string
  values: unknown[]
  /** Set when the application itself used a named (prepared) statement. */
  name?: string
  rowMode?: 'array'
  /** When it was sent and answered (ms, this process's clock): shows which ran side by side. */
  startedAt: number
  endedAt: number
}

export type BenchServerMessage =
  | { type: 'ready'; port: number }
  | { type: 'captured'; queries: CapturedQuery[] }
  // User and system CPU time this process has used (µs), for the bench's CPU per request.
  | { type: 'cpu'; micros: number }

export type BenchControlMessage =
  { type: 'capture-start' } | { type: 'capture-stop' } | { type: 'cpu' }

let captured: CapturedQuery[] | null = null
/** Statements sent and not yet answered, whether captured or not. */
let active = 0

type QueryArguments = [unknown, unknown?, unknown?]

/** Every statement goes through Client#query (pool.query included), so wrapping it sees all. */
function recordQueries() {
  const prototype = pg.Client.prototype as unknown as {
    query: (...args: QueryArguments) => unknown
  }
  const original = prototype.query
  prototype.query = function (this: unknown, ...args: QueryArguments) {
    const [first, second] = args
    const config =
      typeof first === 'string'
        ? { text: first }
        : (first as { text?: string; values?: unknown[]; name?: string; rowMode?: string })
    // pg-boss shares the pool; its bookkeeping is not the request's SQL.
    const entry: CapturedQuery | undefined =
      captured && config.text && !config.text.includes('pgboss.')
        ? {
            text: config.text,
            values: (Array.isArray(second) ? second : config.values) ?? [],
            ...(config.name ? { name: config.name } : {}),
            ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
            startedAt: performance.now(),
            endedAt: Number.NaN,
          }
        : undefined
    if (entry) captured?.push(entry)
    active += 1
    const ended = () => {
      active -= 1
      if (entry) entry.endedAt = performance.now()
    }
    const callback = args.findIndex((arg) => typeof arg === 'function')
    if (callback !== -1) {
      const done = args[callback] as (...results: unknown[]) => void
      args[callback] = (...results: unknown[]) => {
        ended()
        done(...results)
      }
      return original.apply(this, args)
    }
    const result = original.apply(this, args)
    // A side branch only for the clock: the caller still gets (and handles) the original.
    if (result instanceof Promise) void result.then(ended, ended)
    return result
  }
}

const IDLE_FOR_MS = 200

/** Resolves once no statement has been in flight or waiting for a connection for a while. */
async function whenIdle(pool: pg.Pool | undefined): Promise<void> {
  let idleSince = performance.now()
  for (;;) {
    const busy = active > 0 || (pool?.waitingCount ?? 0) > 0
    if (busy) idleSince = performance.now()
    else if (performance.now() - idleSince >= IDLE_FOR_MS) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function send(message: BenchServerMessage) {
  process.send?.(message)
}

async function main() {
  if (!process.send) throw new Error('bench-server runs as a child of run-bench.ts (IPC needed)')
  recordQueries()
  const config = loadConfig()
  if (config.database.kind !== 'postgres') throw new Error('the bench needs DATABASE_URL')
  const app = await buildApp(config)
  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('no TCP address to report')

  process.on('message', (message: BenchControlMessage) => {
    if (message.type === 'capture-start') {
      // Requests a load run abandoned may still be queued for the pool: their SQL is not the
      // next scenario's, and they would slow its timings. Start once the database work is done.
      void whenIdle(app.database.pool).then(() => {
        captured = []
        send({ type: 'captured', queries: [] })
      })
    } else if (message.type === 'capture-stop') {
      send({ type: 'captured', queries: captured ?? [] })
      captured = null
    } else {
      const { user, system } = process.cpuUsage()
      send({ type: 'cpu', micros: user + system })
    }
  })
  // The bench closes the channel when it is done; that is the signal to stop.
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0))
  })
  send({ type: 'ready', port: address.port })
}

main().catch((error: unknown) => exitOnStartupFailure('bench server', error))
