import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  type Source,
  type SourceLocation,
} from 'graphql'
import { type CompiledQuery, compileQuery, isCompiledQuery } from 'graphql-jit'
import type { Plugin, PromiseOrValue } from 'graphql-yoga'

/** What compiling an operation gave: its compiled form, or null when it is not to be compiled. */
type Compiled = CompiledQuery | null

function compile(args: ExecutionArgs): Compiled {
  const operationName = args.operationName ?? undefined
  if (getOperationAST(args.document, operationName)?.operation !== OperationTypeNode.QUERY) {
    return null
  }
  const outcome = compileQuery(args.schema, args.document, operationName)
  return isCompiledQuery(outcome) ? outcome : null
}

const LINE_BREAK = /\r\n|[\n\r]/g

/** The offset in `body` of a line and column (both from 1), as graphql-js counts lines. */
export function positionOf(body: string, { line, column }: SourceLocation): number {
  let lineStart = 0
  let current = 1
  for (const match of body.matchAll(LINE_BREAK)) {
    if (current === line) break
    lineStart = match.index + match[0].length
    current += 1
  }
  return lineStart + column - 1
}

/**
 * graphql-jit's error as graphql-js's executor makes it. graphql-jit's own error class keeps the
 * locations as numbers only, which yoga drops when it writes the error; and its own failures (a
 * null in a non-null field, a value its type cannot represent) carry no original error, where
 * graphql-js's wrap an internal one, which yoga masks as "Unexpected error." (DESIGN §5).
 */
function asExecutorError(error: GraphQLError, source: Source | undefined): GraphQLError {
  return new GraphQLError(error.message, {
    source,
    positions: source && error.locations?.map((location) => positionOf(source.body, location)),
    path: error.path,
    originalError: error.originalError ?? new Error(error.message),
    extensions: error.extensions,
  })
}

/**
 * Runs queries compiled by graphql-jit, which turns an operation into a function that answers its
 * fields without graphql-js's generic walk (a resolve info, a path and a completion for each of the
 * 1,500 fields of a 100-deal page): see docs/benchmarks.md and ADR 0028 for what it saves.
 *
 * The answers are yoga's executor's, byte for byte (graphql-jit.test.ts holds the two to each
 * other): a field's error is rewritten as graphql-js makes it, and variables that do not fit
 * their types, which graphql-jit refuses in other words and with another status, are refused by
 * yoga's executor, before any resolver runs. Mutations are left to yoga's executor.
 *
 * Operations are compiled after validation (graphql-jit trusts a valid document) and kept per
 * document: yoga's parser cache hands out the same document for the same text, so a client's
 * repeated query compiles once, and its compiled form goes when the cache drops the text.
 */
export function useCompiledExecution(): Plugin {
  // Per operation: its compiled form, or 'seen' after its first run.
  const compiledByDocument = new WeakMap<DocumentNode, Map<string, Compiled | 'seen'>>()

  /**
   * An operation is compiled on its second run, not its first: compiling costs more than running
   * once (about 1 ms for the bench's page, 15–45 ms for graphql-js's introspection query), so a
   * one-off query, or a stream of distinct ones, runs as before.
   */
  const compiledFor = (args: ExecutionArgs): Compiled => {
    let byOperation = compiledByDocument.get(args.document)
    if (!byOperation) {
      byOperation = new Map()
      compiledByDocument.set(args.document, byOperation)
    }
    const key = args.operationName ?? ''
    const known = byOperation.get(key)
    if (known === undefined) {
      byOperation.set(key, 'seen')
      return null
    }
    if (known !== 'seen') return known
    const compiled = compile(args)
    byOperation.set(key, compiled)
    return compiled
  }

  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const compiled = compiledFor(args)
      if (!compiled) return
      const interpreted = executeFn as (args: ExecutionArgs) => PromiseOrValue<ExecutionResult>
      setExecuteFn(async (executionArgs: ExecutionArgs) => {
        const result = await compiled.query(
          executionArgs.rootValue,
          executionArgs.contextValue,
          executionArgs.variableValues,
        )
        if (!result.errors) return result
        // No data at all: the variables were refused, and nothing ran.
        if (!('data' in result)) return interpreted(executionArgs)
        const source = executionArgs.document.loc?.source
        return {
          errors: result.errors.map((error) => asExecutorError(error, source)),
          data: result.data,
        }
      })
    },
  }
}
