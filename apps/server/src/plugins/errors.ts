import type { ErrorBody, ErrorDetail } from '@dealcoach/contracts/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../lib/http-error.js'

/** Converts every failure into DESIGN §3.5's error body; 5xx answers never carry internals. */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { statusCode, body } = toErrorResponse(error, request)
      if (error instanceof HttpError && error.headers) void reply.headers(error.headers)
      // A deliberate 501 (e.g. a CRM without an installed provider) is an answer, not a failure.
      const notImplemented = error instanceof HttpError && statusCode === 501
      if (statusCode >= 500 && !notImplemented) request.log.error({ err: error }, 'request failed')
      else request.log.info({ code: body.error.code, statusCode }, body.error.message)
      void reply.status(statusCode).send(body)
    })
  },
  { name: 'errors' },
)

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  const body: ErrorBody = { error: { code, message } }
  return reply.status(statusCode).send(body)
}

function toErrorResponse(
  error: FastifyError,
  request: FastifyRequest,
): { statusCode: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return respond(error.statusCode, error.code, error.message, error.details)
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'request'
    const details: ErrorDetail[] = error.validation.map((issue) => ({
      path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'is invalid',
    }))
    return respond(400, 'validation_failed', describeValidation(details), details)
  }
  const statusCode = error.statusCode ?? 500
  if (statusCode >= 500) {
    return respond(
      500,
      'internal_error',
      `Something went wrong on our side (request ${request.id}).`,
    )
  }
  // Fastify's own 4xx errors (bad JSON, unsupported media type, body too large, rate limit).
  return respond(statusCode, fastifyCodeToSlug(error.code, statusCode), error.message)
}

function respond(statusCode: number, code: string, message: string, details?: ErrorDetail[]) {
  const body: ErrorBody = { error: details ? { code, message, details } : { code, message } }
  return { statusCode, body }
}

function describeValidation(details: ErrorDetail[]): string {
  const first = details[0]
  if (!first) return 'The request is invalid.'
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : ''
  return `${first.path}: ${first.message}${more}`
}

const FASTIFY_CODES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_content_length',
}

function fastifyCodeToSlug(code: string | undefined, statusCode: number): string {
  if (code && FASTIFY_CODES[code]) return FASTIFY_CODES[code]
  if (statusCode === 429) return 'rate_limited'
  if (statusCode === 404) return 'not_found'
  return 'bad_request'
}
