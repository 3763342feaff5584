import {
  createPipelineBodySchema,
  pipelineParamsSchema,
  pipelineSchema,
  pipelinesQuerySchema,
  pipelinesResponseSchema,
  replaceActionsBodySchema,
  replaceRemoteStageLookupBodySchema,
  replaceStageActionsBodySchema,
  replaceStagesBodySchema,
  type Pipeline,
  type PipelineAction,
  updatePipelineBodySchema,
} from '@dealcoach/contracts/pipelines'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import {
  answer,
  errorAnswer,
  notFound,
  page,
  route,
  validationFailed,
  type Answer,
} from '../fake-route'
import { refuseMember } from './refuse-member'
import {
  replaceActions,
  replaceRemoteStageLookup,
  replaceStageActions,
  replaceStages,
  type ListResult,
} from './pipeline-lists'

const find = (state: FakeApiState, id: string) =>
  state.pipelines.find((pipeline) => pipeline.id === id)

/** The server's 409 when another pipeline of the organisation has the name (trimmed, any case). */
function nameTaken(state: FakeApiState, name: string, exceptId?: string): Answer | undefined {
  const key = name.trim().toLowerCase()
  const taken = state.pipelines.some(
    (pipeline) => pipeline.id !== exceptId && pipeline.name.trim().toLowerCase() === key,
  )
  if (!taken) return undefined
  return errorAnswer(409, 'pipeline_name_taken', 'A pipeline with this name exists.', [
    { path: 'body.name', message: 'is already used by another pipeline' },
  ])
}

/** Applies a write to a stored pipeline and answers it, or the write's 400/403/404. */
function write(
  state: FakeApiState,
  id: string,
  change: (pipeline: Pipeline) => ListResult | Pipeline,
): Answer {
  const refused = refuseMember(state)
  if (refused) return refused
  const pipeline = find(state, id)
  if (!pipeline) return notFound('Pipeline')
  const result = change(pipeline)
  const changed = 'problems' in result ? result : { problems: [], pipeline: result }
  if (changed.problems.length > 0) return validationFailed(changed.problems)
  const saved = { ...changed.pipeline, updated_at: new Date().toISOString() }
  state.pipelines = state.pipelines.map((candidate) => (candidate.id === id ? saved : candidate))
  return answer(200, saved)
}

/** A new pipeline, with the stages and playbook actions of a framework's template if one is given. */
function createPipeline(state: FakeApiState, name: string, active: boolean, frameworkKey?: string) {
  const framework = state.salesFrameworks.find((candidate) => candidate.key === frameworkKey)
  if (frameworkKey && !framework) {
    return validationFailed([{ path: 'body.framework', message: 'is not a known framework' }])
  }
  const now = new Date().toISOString()
  const stages = (framework?.stages ?? []).map((stage, position) => ({
    stage_id: fakeId(),
    name: stage.name,
    position,
    remote_stage_id: null,
  }))
  const actions = (framework?.stages ?? []).flatMap((stage, index) =>
    stage.actions.map((action, position): PipelineAction => ({
      action_id: fakeId(),
      stage_id: stages[index]?.stage_id ?? null,
      name: action.name,
      description: action.description,
      position,
    })),
  )
  const pipeline: Pipeline = {
    id: fakeId(),
    name,
    active,
    remote_id: null,
    created_at: now,
    updated_at: now,
    stages,
    actions,
  }
  state.pipelines.push(pipeline)
  return answer(201, pipeline)
}

export const pipelinesRoutes = [
  route('GET', '/v1/pipelines', {
    query: pipelinesQuerySchema,
    answers: { 200: pipelinesResponseSchema },
    handle: ({ query }, state) => {
      const sorted = [...state.pipelines].sort((a, b) => a.name.localeCompare(b.name))
      return answer(200, page(sorted, query.page, query.page_size))
    },
  }),
  route('GET', '/v1/pipelines/:id', {
    params: pipelineParamsSchema,
    answers: { 200: pipelineSchema },
    handle: ({ params }, state) => {
      const pipeline = find(state, params.id)
      return pipeline ? answer(200, pipeline) : notFound('Pipeline')
    },
  }),
  route('POST', '/v1/pipelines', {
    body: createPipelineBodySchema,
    answers: { 201: pipelineSchema },
    handle: ({ body }, state) =>
      refuseMember(state) ??
      nameTaken(state, body.name) ??
      createPipeline(state, body.name, body.active, body.framework),
  }),
  route('PATCH', '/v1/pipelines/:id', {
    params: pipelineParamsSchema,
    body: updatePipelineBodySchema,
    answers: { 200: pipelineSchema },
    handle: ({ params, body }, state) =>
      (find(state, params.id) ? nameTaken(state, body.name, params.id) : undefined) ??
      write(state, params.id, (pipeline) => ({ ...pipeline, name: body.name })),
  }),
  route('DELETE', '/v1/pipelines/:id', {
    params: pipelineParamsSchema,
    answers: { 204: null },
    handle: ({ params }, state) => {
      const refused = refuseMember(state)
      if (refused) return refused
      if (!find(state, params.id)) return notFound('Pipeline')
      state.pipelines = state.pipelines.filter((pipeline) => pipeline.id !== params.id)
      return answer(204)
    },
  }),
  route('PUT', '/v1/pipelines/:id/stages', {
    params: pipelineParamsSchema,
    body: replaceStagesBodySchema,
    answers: { 200: pipelineSchema },
    handle: ({ params, body }, state) =>
      write(state, params.id, (pipeline) =>
        Array.isArray(body)
          ? replaceStages(pipeline, body, {})
          : replaceStages(pipeline, body.stages, body.move_deals_to ?? {}, 'body.stages.'),
      ),
  }),
  route('PUT', '/v1/pipelines/:id/actions', {
    params: pipelineParamsSchema,
    body: replaceActionsBodySchema,
    answers: { 200: pipelineSchema },
    handle: ({ params, body }, state) =>
      write(state, params.id, (pipeline) => replaceActions(pipeline, body)),
  }),
  route('PUT', '/v1/pipelines/:id/stage-actions', {
    params: pipelineParamsSchema,
    body: replaceStageActionsBodySchema,
    answers: { 200: pipelineSchema },
    handle: ({ params, body }, state) =>
      write(state, params.id, (pipeline) => replaceStageActions(pipeline, body)),
  }),
  route('PUT', '/v1/pipelines/:id/remote-stage-lookup', {
    params: pipelineParamsSchema,
    body: replaceRemoteStageLookupBodySchema,
    answers: { 200: pipelineSchema },
    handle: ({ params, body }, state) =>
      write(state, params.id, (pipeline) => replaceRemoteStageLookup(pipeline, body)),
  }),
  route('PUT', '/v1/pipelines/:id/toggle', {
    params: pipelineParamsSchema,
    answers: { 200: pipelineSchema },
    handle: ({ params }, state) =>
      write(state, params.id, (pipeline) => ({ ...pipeline, active: !pipeline.active })),
  }),
]
