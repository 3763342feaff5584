import type { ErrorDetail } from '@dealcoach/contracts/errors'
import type { z } from 'zod'
import type { FakeApiState } from './fake-api-state'

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** What a route answers. A body is checked against the route's contract before it is sent. */
export interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
}

export const answer = (status: number, body?: unknown): Answer => ({ status, body })

/** An error answer in the one shape every server error has (DESIGN §3.5). */
export const errorAnswer = (
  status: number,
  code: string,
  message: string,
  details?: ErrorDetail[],
): Answer => ({ status, body: { error: { code, message, ...(details ? { details } : {}) } } })

export const notFound = (what: string) => errorAnswer(404, 'not_found', `${what} not found`)

/** The 400 the server answers for a request its schemas refuse, message included. */
export function validationFailed(details: ErrorDetail[]): Answer {
  const [first] = details
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : ''
  const message = first ? `${first.path}: ${first.message}${more}` : 'The request is invalid.'
  return errorAnswer(400, 'validation_failed', message, details)
}

export interface RouteRequest {
  body: unknown
  query: Record<string, string>
  params: Record<string, string>
}

export interface FakeRoute {
  method: Method
  /** An msw path pattern, e.g. `/v1/pipelines/:id/stages`. */
  path: string
  /** The contract of each success status; null when the body is empty (204). */
  answers: Partial<Record<number, z.ZodType | null>>
  handle: (request: RouteRequest, state: FakeApiState) => Answer
}

interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  body?: B
  query?: Q
  params?: P
  answers: FakeRoute['answers']
  handle: (
    input: { body: z.output<B>; query: z.output<Q>; params: z.output<P> },
    state: FakeApiState,
  ) => Answer
}

function problems(error: z.ZodError, where: string): ErrorDetail[] {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }))
}

/**
 * One endpoint of the fake: the request's params, query and body are parsed with the contract's
 * schemas, as the server does, and a request they refuse gets the server's 400.
 */
export function route<
  B extends z.ZodType = z.ZodUnknown,
  Q extends z.ZodType = z.ZodUnknown,
  P extends z.ZodType = z.ZodUnknown,
>(method: Method, path: string, spec: RouteSpec<B, Q, P>): FakeRoute {
  return {
    method,
    path,
    answers: spec.answers,
    handle(request, state) {
      const params = spec.params?.safeParse(request.params)
      const query = spec.query?.safeParse(request.query)
      const body = spec.body?.safeParse(request.body)
      const refused = [
        ...(params?.success === false ? problems(params.error, 'params') : []),
        ...(query?.success === false ? problems(query.error, 'querystring') : []),
        ...(body?.success === false ? problems(body.error, 'body') : []),
      ]
      if (refused.length > 0) return validationFailed(refused)
      return spec.handle(
        {
          body: (body?.data ?? request.body) as z.output<B>,
          query: (query?.data ?? request.query) as z.output<Q>,
          params: (params?.data ?? request.params) as z.output<P>,
        },
        state,
      )
    },
  }
}

/** One page of a list, in the `{ models, pagination }` shape (DESIGN §5). */
export function page<T>(rows: readonly T[], pageNumber: number, pageSize: number) {
  return {
    models: rows.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
    pagination: { page: pageNumber, page_size: pageSize, total: rows.length },
  }
}
