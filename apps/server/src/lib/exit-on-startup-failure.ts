import { ConfigError } from '../config.js'

/**
 * Ends a process that could not start. A configuration problem is one line naming the cause,
 * e.g. "PORT: must be a whole number ..."; anything unexpected keeps its stack for the operator.
 */
export function exitOnStartupFailure(what: string, error: unknown): never {
  const message =
    error instanceof ConfigError
      ? error.message
      : error instanceof Error
        ? error.stack
        : String(error)
  process.stderr.write(`${what} could not start: ${message}\n`)
  process.exit(1)
}
