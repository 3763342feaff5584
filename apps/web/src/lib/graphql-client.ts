import { authorizedFetch } from './api-client'

export type Variables = Record<string, unknown>
/** graphql-request's error policies: 'none' raises on GraphQL errors, 'ignore' and 'all' do not. */
export type ErrorPolicy = 'none' | 'ignore' | 'all'

export interface GraphqlError {
  message: string
  path?: (string | number)[]
  extensions?: Record<string, unknown>
}

export interface GraphqlResponse<T> {
  data?: T | null
  errors?: GraphqlError[]
}

/** Spec §8: a failed GraphQL call carries the status, headers, query and variables. */
export class GraphqlRequestError extends Error {
  override name = 'GraphqlRequestError'

  constructor(
    message: string,
    readonly response: {
      status: number
      headers: Headers
      errors?: GraphqlError[]
      data?: unknown
    },
    readonly request: { query: string | string[]; variables?: Variables | Variables[] },
  ) {
    super(message)
  }
}

/** Spec §7: GraphQL operations that must never trigger a refresh-and-retry. */
const NEVER_RETRY = /login|register|refresh|signUp|signIn|socialLogin|verifyToken/

export function isRetryableOperation(query: string | string[]): boolean {
  const text = Array.isArray(query) ? query.join('\n') : query
  return !NEVER_RETRY.test(text)
}

/** Spec §7: `{query, variables, operationName}`, or for a batch an array of `{query, variables}`. */
export function createRequestBody(
  query: string | string[],
  variables?: Variables | Variables[],
  operationName?: string,
): string {
  if (!Array.isArray(query)) {
    return JSON.stringify({ query, variables, operationName })
  }
  if (variables !== undefined && !Array.isArray(variables)) {
    throw new Error('Cannot create request body with given variable type, array expected')
  }
  return JSON.stringify(
    query.map((entry, index) => ({ query: entry, variables: variables?.[index] })),
  )
}

export interface GraphqlRequestOptions {
  variables?: Variables
  operationName?: string
  errorPolicy?: ErrorPolicy
  method?: 'POST' | 'GET'
}

const GRAPHQL_PATH = '/graphql'

/** One GraphQL operation against POST (or GET) /graphql, under the API client's auth rules. */
export async function graphqlRequest<T>(
  query: string,
  options: GraphqlRequestOptions = {},
): Promise<T> {
  const { variables, operationName, errorPolicy = 'none', method = 'POST' } = options
  const init: RequestInit =
    method === 'GET'
      ? { method, headers: { accept: 'application/json' } }
      : {
          method,
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: createRequestBody(query, variables, operationName),
        }
  const url =
    method === 'GET'
      ? `${GRAPHQL_PATH}?${getQueryString(query, variables, operationName)}`
      : GRAPHQL_PATH
  const response = await authorizedFetch(url, init, {
    retryOnUnauthorized: isRetryableOperation(query),
  })
  const result = (await readBody(response, { query, variables })) as GraphqlResponse<T> | undefined
  return checkResult(result, response, { query, variables }, errorPolicy)
}

/** Several operations in one request; the answer is one result per entry, in order. */
export async function graphqlBatchRequest<T extends unknown[]>(
  entries: { query: string; variables?: Variables }[],
  options: { errorPolicy?: ErrorPolicy } = {},
): Promise<T> {
  const queries = entries.map((entry) => entry.query)
  const variables = entries.map((entry) => entry.variables ?? {})
  const response = await authorizedFetch(
    GRAPHQL_PATH,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: createRequestBody(queries, variables),
    },
    { retryOnUnauthorized: isRetryableOperation(queries) },
  )
  const request = { query: queries, variables }
  const results = await readBody(response, request)
  if (!Array.isArray(results)) {
    throw new GraphqlRequestError(
      'GraphQL batch answer is not a list',
      { status: response.status, headers: response.headers },
      request,
    )
  }
  return results.map((result: GraphqlResponse<unknown> | undefined, index) =>
    checkResult(
      result,
      response,
      { query: queries[index] ?? '', variables: variables[index] },
      options.errorPolicy ?? 'none',
    ),
  ) as T
}

function getQueryString(query: string, variables?: Variables, operationName?: string): string {
  const params = new URLSearchParams({ query })
  if (variables) params.set('variables', JSON.stringify(variables))
  if (operationName) params.set('operationName', operationName)
  return params.toString()
}

/** The parsed answer; a non-2xx answer that is not a GraphQL document is an error right away. */
async function readBody(
  response: Response,
  request: GraphqlRequestError['request'],
): Promise<unknown> {
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok && !isGraphqlResponse(body)) {
    throw new GraphqlRequestError(
      `GraphQL request failed with status ${response.status}`,
      {
        status: response.status,
        headers: response.headers,
      },
      request,
    )
  }
  return body
}

/** Spec §8: not ok, errors present (unless the policy is all or ignore), or no data, is an error. */
function checkResult<T>(
  result: GraphqlResponse<T> | undefined,
  response: Response,
  request: GraphqlRequestError['request'],
  errorPolicy: ErrorPolicy,
): T {
  const failure = (message: string) =>
    new GraphqlRequestError(
      message,
      {
        status: response.status,
        headers: response.headers,
        errors: result?.errors,
        data: result?.data,
      },
      request,
    )
  const errors = result?.errors ?? []
  if (!response.ok)
    throw failure(errors[0]?.message ?? `GraphQL request failed with status ${response.status}`)
  if (errors.length > 0 && errorPolicy === 'none')
    throw failure(errors[0]?.message ?? 'GraphQL error')
  if (result?.data === undefined || result.data === null) {
    if (errorPolicy !== 'none' && errors.length > 0) return null as T
    throw failure('GraphQL answer has no data')
  }
  return result.data
}

function isGraphqlResponse(value: unknown): value is GraphqlResponse<unknown> {
  return typeof value === 'object' && value !== null && ('data' in value || 'errors' in value)
}
