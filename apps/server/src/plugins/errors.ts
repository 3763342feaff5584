import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ErrorBody, ErrorDetail } from '@dealcoach/contracts/errors'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import {
  DomainError,
  describeProblems,
  RateLimited,
  refinementReason,
  toDetail,
} from '../lib/domain-errors.js'
import { HttpError } from '../lib/http-error.js'

/** Converts every failure into DESIGN §3.5's error body; 5xx answers never carry internals. */
export const errorsPlugin = fp(
  (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { statusCode, body, headers } = toErrorResponse(error, request)
      if (headers) void reply.headers(headers)
      // A domain error's 5xx (a CRM provider not installed, an identity provider unreachable) is
      // an answer the service chose, not a failure of ours.
      if (statusCode < 500)
        request.log.info({ code: body.error.code, statusCode }, body.error.message)
      else if (error instanceof DomainError)
        request.log.warn({ code: body.error.code }, error.message)
      else request.log.error({ err: error }, 'request failed')
      void reply.status(statusCode).send(body)
    })
  },
  { name: 'errors' },
)

/**
 * Fastify's router answers a malformed or over-long path itself, before any hook or error
 * handler: this gives those answers the error body too (set as `frameworkErrors` in buildApp).
 */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, 414, 'path_too_long', 'A value in the path is too long.')
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(reply, 400, 'bad_url', 'The path is not a valid URL component.')
  }
  return sendError(reply, 400, 'bad_request', 'The request could not be routed.')
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string) {
  const body: ErrorBody = { error: { code, message } }
  return reply.status(statusCode).send(body)
}

/** OPTIONS is not asked: @fastify/cors answers it on every path, so it tells no path apart. */
const PROBED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/** The methods some route serves `url` (path and query, as requested) with; none for no route. */
export function servedMethods(app: FastifyInstance, url: string): string[] {
  return PROBED_METHODS.filter((method) => app.findRoute({ method, url }) !== null)
}

/** A path we serve, asked with another method: 405 with the methods it takes (RFC 9110 §15.5.6). */
export function sendMethodNotAllowed(
  reply: FastifyReply,
  method: string,
  pathname: string,
  allowed: readonly string[],
) {
  void reply.header('allow', allowed.join(', '))
  return sendError(
    reply,
    405,
    'method_not_allowed',
    `${method} is not served at ${pathname}; use ${allowed.join(', ')}.`,
  )
}

/** The HTTP status of each kind of domain error (DESIGN §5's status codes). */
const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_implemented: 501,
  upstream_unavailable: 503,
}

interface ErrorResponse {
  statusCode: number
  body: ErrorBody
  headers?: Record<string, string>
}

/**
 * A number out of its schema's range, with its bound, for the client to word it: zod's
 * `too_small` on a number with `minimum: 0` is "enter 0 or more", not the missing value its
 * sentence would suggest. Other schema refusals keep the sentence alone.
 */
function numberBound(issue: { keyword: string; params: Record<string, unknown> }) {
  const { keyword, params } = issue
  if ((keyword !== 'too_small' && keyword !== 'too_big') || params.origin !== 'number') return {}
  const bound = keyword === 'too_small' ? params.minimum : params.maximum
  if (typeof bound !== 'number') return {}
  const name = keyword === 'too_small' ? 'minimum' : 'maximum'
  return { code: keyword, params: { origin: 'number', [name]: bound } }
}

function toErrorResponse(error: FastifyError, request: FastifyRequest): ErrorResponse {
  if (error instanceof DomainError) return fromDomainError(error)
  if (error instanceof HttpError) {
    return { ...respond(error.statusCode, error.code, error.message), headers: error.headers }
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext ?? 'request'
    const details: ErrorDetail[] = error.validation.flatMap(meantShapeIssues).map((issue) => ({
      path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message ?? 'is invalid',
      ...numberBound(issue),
      ...refinementReason(issue.keyword, issue.params.params),
    }))
    return respond(400, 'validation_failed', describeProblems(details), details)
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

/** One schema-validation issue, as fastify-type-provider-zod hands it over. */
interface ValidationIssue {
  instancePath: string
  keyword: string
  message?: string
  params: Record<string, unknown>
}

/** A zod issue inside an `invalid_union`, with its path relative to the union. */
interface ZodIssueLike {
  path: PropertyKey[]
  code: string
  message: string
  [key: string]: unknown
}

const isWrongTypeAltogether = (issues: readonly ZodIssueLike[]) =>
  issues.some((issue) => issue.code === 'invalid_type' && issue.path.length === 0)

/**
 * A body that takes one of two shapes (the stage list, bare or wrapped in an object) fails as a
 * bare "Invalid input" when neither fits. When the value is of one shape's type and the others
 * refuse that type outright, the caller meant that shape: its own problems say what to fix
 * ("at most 30 items"), under their own paths.
 */
function meantShapeIssues(issue: ValidationIssue): ValidationIssue[] {
  const options = issue.params.errors
  if (issue.keyword !== 'invalid_union' || !Array.isArray(options)) return [issue]
  const meant = (options as ZodIssueLike[][]).filter((option) => !isWrongTypeAltogether(option))
  if (meant.length !== 1 || !meant[0]) return [issue]
  return meant[0].map(({ path, code, message, ...params }) => ({
    instancePath: [issue.instancePath, ...path.map(String)].join('/'),
    keyword: code,
    message,
    params,
  }))
}

function respond(statusCode: number, code: string, message: string, details?: ErrorDetail[]) {
  const body: ErrorBody = { error: details ? { code, message, details } : { code, message } }
  return { statusCode, body }
}

function fromDomainError(error: DomainError): ErrorResponse {
  const details = error.problems.map((problem) => toDetail(error.source, problem))
  const response = respond(
    STATUS_BY_KIND[error.kind],
    error.code,
    error.message,
    details.length > 0 ? details : undefined,
  )
  if (error instanceof RateLimited) {
    const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds))
    return { ...response, headers: { 'retry-after': String(seconds) } }
  }
  return response
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

/** What Node's HTTP parser refuses before Fastify sees a request, as status, code and message. */
const CLIENT_ERRORS: Record<string, readonly [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'The request line or headers are too large.'],
}
const MALFORMED_REQUEST = [400, 'bad_request', 'The request is not valid HTTP.'] as const

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refuses (headers or URL over its size
 * limit, broken HTTP) gets the error body too, where Fastify's own has another shape. The answer
 * is written to the socket by hand, as there is no request to reply to.
 */
export function handleClientError(error: Error & { code?: string }, socket: Duplex) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [statusCode, code, message] = (error.code && CLIENT_ERRORS[error.code]) || MALFORMED_REQUEST
  const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody)
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    )
  }
  socket.destroy(error)
}
