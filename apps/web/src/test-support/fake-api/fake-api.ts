import { errorBodySchema, type ErrorDetail } from '@dealcoach/contracts/errors'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { initialState, type FakeApiState } from './fake-api-state'
import { errorAnswer, type Answer, type FakeRoute, type Method } from './fake-route'
import { activityRoutes } from './routes/activity-routes'
import { authRoutes } from './routes/auth-routes'
import { crmRoutes } from './routes/crm-routes'
import { dealScreenRoutes } from './routes/deal-screen-routes'
import { dealStatsRoutes } from './routes/deal-stats-routes'
import { dealsRoutes } from './routes/deals-routes'
import { importsRoutes } from './routes/imports-routes'
import { objectionAnalysisRoutes } from './routes/objection-analysis-routes'
import { objectionFeedbackRoutes } from './routes/objection-feedback-routes'
import { objectionTypesRoutes } from './routes/objection-types-routes'
import { onboardingRoutes } from './routes/onboarding-routes'
import { pipelineBoardRoutes } from './routes/pipeline-board-routes'
import { pipelinesRoutes } from './routes/pipelines-routes'
import { usersRoutes } from './routes/users-routes'
import { workspaceRoutes } from './routes/workspace-routes'

/** A request as the app sent it. `url` is the path with its query string. */
export interface RecordedRequest {
  method: string
  url: string
  path: string
  body: unknown
  credentials: RequestCredentials
}

/** How the next matching call fails: an error answer, or `'network'` (fetch rejects). */
export type Failure =
  | {
      status: number
      code: string
      message: string
      details?: ErrorDetail[]
      headers?: Record<string, string>
    }
  | 'network'

/** `METHOD /path`; a `:name` segment matches any value, e.g. `PUT /v1/pipelines/:id/toggle`. */
export type Endpoint = `${Method} /${string}`

const routes: FakeRoute[] = [
  ...authRoutes,
  ...usersRoutes,
  ...pipelinesRoutes,
  ...objectionTypesRoutes,
  ...objectionAnalysisRoutes,
  ...objectionFeedbackRoutes,
  ...onboardingRoutes,
  ...workspaceRoutes,
  ...crmRoutes,
  // Before the deal routes: msw would read /v1/deals/action-stats as GET /v1/deals/:id.
  ...dealStatsRoutes,
  ...dealsRoutes,
  ...dealScreenRoutes,
  ...activityRoutes,
  ...pipelineBoardRoutes,
  ...importsRoutes,
]

const pathPattern = (path: string) =>
  new RegExp(
    `^${path
      .split('/')
      .map((segment) =>
        segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  )

interface Matcher {
  method: string
  pattern: RegExp
}

/** Parses an endpoint; one that no route of the fake serves is a mistake in the test. */
function matcher(endpoint: Endpoint): Matcher {
  const [method = '', path = ''] = endpoint.split(' ')
  const served = routes.some(
    (candidate) => candidate.method === method && pathPattern(candidate.path).test(path),
  )
  if (!served) throw new Error(`The fake API has no endpoint ${endpoint}`)
  return { method, pattern: pathPattern(path) }
}

let state = initialState()
let recorded: RecordedRequest[] = []
let failures: (Matcher & { failure: Failure })[] = []
let holds: (Matcher & { released: Promise<void> })[] = []
let violations: string[] = []

/** Removes and returns the first entry of `list` that matches the request. */
function takeFirst<T extends Matcher>(list: T[], method: string, path: string): T | undefined {
  const index = list.findIndex((entry) => entry.method === method && entry.pattern.test(path))
  return index === -1 ? undefined : list.splice(index, 1)[0]
}

/** The answer as sent, once it is checked against the route's contract. */
function send(route: FakeRoute, result: Answer): Response {
  const schema = result.status >= 400 ? errorBodySchema : route.answers[result.status]
  const where = `${route.method} ${route.path} answered ${result.status}`
  if (schema === undefined) {
    violations.push(`${where}, a status its contract does not list`)
  } else if (schema === null && result.body !== undefined) {
    violations.push(`${where} with a body where none belongs`)
  } else if (schema) {
    const checked = schema.safeParse(result.body)
    if (!checked.success) {
      violations.push(`${where} with a body outside its contract: ${checked.error.message}`)
    }
  }
  const headers = { 'content-type': 'application/json', ...result.headers }
  // A download (text/csv) goes out as the text it is; everything else is JSON.
  const raw = typeof result.body === 'string' && headers['content-type'].startsWith('text/')
  const body =
    result.body === undefined ? null : raw ? (result.body as string) : JSON.stringify(result.body)
  return new HttpResponse(body, { status: result.status, headers })
}

/** A file part of a multipart body, as the fake's routes see it. */
export interface FormFile {
  name: string
  size: number
  text: string
}

/**
 * A multipart body as a plain object: text fields as strings, the file as its name, size and
 * text. (A File of the test DOM reaches the fake named "blob", whatever the app called it.)
 */
async function formBody(request: Request): Promise<Record<string, string | FormFile>> {
  const form = await request.formData()
  const body: Record<string, string | FormFile> = {}
  for (const [name, value] of form.entries()) {
    body[name] =
      typeof value === 'string'
        ? value
        : { name: value.name, size: value.size, text: await value.text() }
  }
  return body
}

function toHandler(route: FakeRoute) {
  const method = route.method.toLowerCase() as Lowercase<Method>
  return http[method](route.path, async ({ request, params }) => {
    const url = new URL(request.url)
    let body: unknown
    if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
      body = await formBody(request)
    } else {
      const text = await request.text()
      try {
        body = text ? JSON.parse(text) : undefined
      } catch {
        return send(route, errorAnswer(400, 'invalid_json', 'The body is not valid JSON.'))
      }
    }
    recorded.push({
      method: route.method,
      url: `${url.pathname}${url.search}`,
      path: url.pathname,
      body,
      credentials: request.credentials,
    })
    await takeFirst(holds, route.method, url.pathname)?.released
    const failed = takeFirst(failures, route.method, url.pathname)?.failure
    if (failed === 'network') return HttpResponse.error()
    if (failed) {
      const { status, code, message, details, headers } = failed
      return send(route, { ...errorAnswer(status, code, message, details), headers })
    }
    const answered = route.handle(
      {
        body,
        query: Object.fromEntries(url.searchParams),
        params: Object.fromEntries(
          Object.entries(params).map(([name, value]) => [name, String(value)]),
        ),
      },
      state,
    )
    return send(route, answered)
  })
}

const server = setupServer(...routes.map(toHandler))

/**
 * The one fake API of the web tests (DESIGN §3): every endpoint the app calls, answering from an
 * in-memory state that each test starts afresh. Requests and answers are checked against the
 * contracts; a request no endpoint serves fails the test.
 */
export const fakeApi = {
  listen: () => server.listen({ onUnhandledRequest: 'error' }),
  close: () => server.close(),

  /** Starts the next test from the initial state; answers what broke the contracts meanwhile. */
  reset(): string[] {
    const broken = violations
    state = initialState()
    recorded = []
    failures = []
    holds = []
    violations = []
    return broken
  },

  /** The live state: tests read it, and may change it between calls. */
  get state(): FakeApiState {
    return state
  },

  /** Replaces parts of the state, e.g. `seed({ pipelines: [pipelineFixture()] })`. */
  seed(parts: Partial<FakeApiState>) {
    state = { ...state, ...parts }
  },

  /** Every request so far, oldest first. */
  requests: (): RecordedRequest[] => [...recorded],

  /** The writes (every method but GET) so far, as method, url and body. */
  writes: () =>
    recorded
      .filter((request) => request.method !== 'GET')
      .map(({ method, url, body }) => ({ method, url, body })),

  /** The next call to `endpoint` fails with this answer instead of the fake's own. */
  failNext(endpoint: Endpoint, failure: Failure) {
    failures.push({ ...matcher(endpoint), failure })
  },

  /**
   * The next call to `endpoint` is recorded but waits for `release()` before it is answered (by
   * a failure queued with failNext, or else by the fake), to see what the app shows meanwhile.
   */
  holdNext(endpoint: Endpoint): { release: () => void } {
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => (release = resolve))
    holds.push({ ...matcher(endpoint), released })
    return { release: () => release() }
  },
}
