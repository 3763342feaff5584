import type { FastifyBaseLogger } from 'fastify'

/** The server (a Fastify app) or the worker: something that logs and can be closed. */
export interface Closable {
  log: FastifyBaseLogger
  close(): Promise<unknown>
}

export interface SignalSource {
  once(signal: NodeJS.Signals, listener: () => void): unknown
}

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests and jobs finish, then
 * close the database. Gives up after `timeoutMs` so a stuck request cannot
 * keep a replica alive forever.
 */
export function installGracefulShutdown(
  app: Closable,
  options: { timeoutMs: number; signals?: SignalSource; exit?: (code: number) => void },
): void {
  const signals = options.signals ?? process
  const exit = options.exit ?? ((code: number) => process.exit(code))
  let closing = false

  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info(`${signal} received: finishing in-flight requests and jobs, then shutting down`)
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${options.timeoutMs} ms: exiting anyway`)
      exit(1)
    }, options.timeoutMs)
    timer.unref()
    app.close().then(
      () => {
        clearTimeout(timer)
        app.log.info('shut down cleanly')
        exit(0)
      },
      (error: unknown) => {
        clearTimeout(timer)
        app.log.error({ err: error }, 'error while shutting down')
        exit(1)
      },
    )
  }

  signals.once('SIGTERM', () => shutdown('SIGTERM'))
  signals.once('SIGINT', () => shutdown('SIGINT'))
}
