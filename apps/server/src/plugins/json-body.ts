import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Spec §7's client "sends JSON": it may label every request `application/json`, the bodiless
 * ones too (`PUT /v1/pipelines/{id}/toggle`, `DELETE /v1/objections/types/{id}`). Fastify
 * refuses an empty JSON body outright; here it is no body, so those calls work and a route that
 * needs a body still answers its schema's 400 naming `body`. Anything else goes to Fastify's own
 * parser, with its prototype-poisoning protection.
 */
export const jsonBodyPlugin = fp(
  (app: FastifyInstance) => {
    const parseJson = app.getDefaultJsonParser('error', 'error')
    app.removeContentTypeParser('application/json')
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
      // parseAs 'string' hands over a string; the parser's type allows a Buffer too.
      const body = raw.toString()
      if (body === '') {
        done(null, undefined)
        return
      }
      void parseJson(request, body, done)
    })
  },
  { name: 'json-body' },
)
