import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Invalid, type InputSource } from '../lib/domain-errors.js'
import { findNulCharacter } from '../lib/nul-character.js'

const SOURCES = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const satisfies readonly (readonly [string, InputSource])[]

/**
 * PostgreSQL text cannot hold U+0000, so a NUL in any input would fail deep in a query as a 500.
 * One hook refuses it up front for every route, with the schema validation's 400 and error shape,
 * instead of a refinement on each of the contracts' free-form strings. Multipart forms are read
 * by their routes after this hook, which check them with `assertNoNulCharacter`.
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
