import type { ActionInput, Pipeline, StageInput } from '@dealcoach/contracts/pipelines'
import { vi } from 'vitest'
import { withActions } from '../utils/action-edits'
import { isOptimisticId } from '../utils/optimistic-id'
import { withStages } from '../utils/stage-edits'

export interface RecordedRequest {
  method: string
  url: string
  body: unknown
}

let counter = 0
const realId = () => `00000000-0000-4000-9000-${String(++counter).padStart(12, '0')}`

/** What the server would store: the optimistic stand-in ids replaced by real ones. */
function persisted(pipeline: Pipeline): Pipeline {
  const ids = new Map<string, string>()
  const real = (id: string) => {
    if (!isOptimisticId(id)) return id
    const known = ids.get(id) ?? realId()
    ids.set(id, known)
    return known
  }
  return {
    ...pipeline,
    stages: pipeline.stages.map((stage) => ({ ...stage, stage_id: real(stage.stage_id) })),
    actions: pipeline.actions.map((action) => ({ ...action, action_id: real(action.action_id) })),
  }
}

/**
 * A stand-in for the pipelines API behind a stubbed fetch: GET answers the stored pipeline, the
 * PUTs apply their list to it. `refuseNext` makes the next write fail with the given answer.
 */
export function fakePipelineServer(initial: Pipeline) {
  let current = initial
  const requests: RecordedRequest[] = []
  const refusals: (() => Response | Promise<Response>)[] = []

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    requests.push({ method, url, body })
    if (method === 'GET') return Response.json(current)
    const refusal = refusals.shift()
    if (refusal) return refusal()
    if (url.endsWith('/stages')) {
      const stages = (
        Array.isArray(body) ? body : (body as { stages: StageInput[] }).stages
      ) as StageInput[]
      current = persisted(withStages(current, stages))
    } else if (url.endsWith('/actions')) {
      current = persisted(withActions(current, body as ActionInput[]))
    } else if (url.endsWith('/toggle')) {
      current = { ...current, active: !current.active }
    }
    return Response.json(current)
  })

  return {
    fetchMock,
    requests,
    /** The writes (every method but GET) sent so far. */
    writes: () => requests.filter((request) => request.method !== 'GET'),
    refuseNext: (answer: () => Response | Promise<Response>) => refusals.push(answer),
    get pipeline() {
      return current
    },
  }
}

/** An error answer in the API's shape. */
export const errorResponse = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status })
