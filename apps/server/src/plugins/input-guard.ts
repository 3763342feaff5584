import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Invalid, type InputSource } from '../lib/domain-errors.js'

const NUL = '\u0000'

/**
 * The path (`stages.0.name`) of the first string, or object key, holding a NUL character; null
 * when there is none. Walks with its own stack: a deeply nested JSON body must not overflow ours.
 */
export function findNulCharacter(value: unknown): string | null {
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path } = next
    if (typeof current === 'string') {
      if (current.includes(NUL)) return path
      continue
    }
    if (typeof current !== 'object' || current === null || Buffer.isBuffer(current)) continue
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key
      if (key.includes(NUL)) return childPath
      pending.push({ value: child, path: childPath })
    }
  }
  return null
}

const SOURCES = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const satisfies readonly (readonly [string, InputSource])[]

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any input would fail deep in a query as a 500.
 * One hook refuses it up front for every route, with the schema validation's 400 and error shape,
 * instead of a refinement on each of the contracts' free-form strings.
 */
export const inputGuardPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const [property, source] of SOURCES) {
        const path = findNulCharacter(request[property])
        if (path === null) continue
        throw new Invalid(
          [{ field: path, message: 'must not contain a NUL character', code: 'nul_character' }],
          { source },
        )
      }
    })
  },
  { name: 'input-guard', dependencies: ['errors'] },
)
