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
  updatePipelineBodySchema,
} from '@dealcoach/contracts/pipelines'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import { toPipelineBody, toPipelinesBody } from './pipelines.mappers.js'
import type { PipelinesService } from './pipelines.service.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

/**
 * /v1/pipelines: the caller's organisation's pipelines with their stages and actions. Anyone
 * signed in reads them; only admins change them. Every write answers the whole pipeline.
 */
export const pipelinesRoutes: FastifyPluginAsyncZod<{ pipelines: PipelinesService }> = async (
  app,
  { pipelines },
) => {
  app.get(
    '/v1/pipelines',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'Your organisation’s pipelines, by name',
        security: BEARER_AUTH,
        querystring: pipelinesQuerySchema,
        response: { 200: pipelinesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = { page: request.query.page, pageSize: request.query.page_size }
      return toPipelinesBody(await pipelines.list(requireUser(request), page), page)
    },
  )

  app.get(
    '/v1/pipelines/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pipelines'],
        summary: 'One pipeline with its stages and actions',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => toPipelineBody(await pipelines.get(requireUser(request), request.params.id)),
  )

  app.post(
    '/v1/pipelines',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Create a pipeline, blank or from a sales framework (admins only)',
        security: BEARER_AUTH,
        body: createPipelineBodySchema,
        response: { 201: pipelineSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await pipelines.create(requireUser(request), request.body)
      return reply.status(201).send(toPipelineBody(created))
    },
  )

  app.patch(
    '/v1/pipelines/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Rename a pipeline (admins only); names are unique in your organisation',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        body: updatePipelineBodySchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toPipelineBody(
        await pipelines.rename(requireUser(request), request.params.id, request.body.name),
      ),
  )

  app.delete(
    '/v1/pipelines/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Delete a pipeline without deals (admins only); deactivate one that has deals',
        description:
          'A pipeline that still has deals is a 409 pipeline_has_deals whose detail (at params.id) has params.pipeline_name and params.deal_count.',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await pipelines.remove(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/v1/pipelines/:id/stages',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Replace the ordered stage list: add, rename, reorder, remove (admins only)',
        description:
          'Removing a stage that still has deals is a 409 stage_has_deals unless move_deals_to names a kept stage to receive them (with their stage history). Each blocked stage has a detail at body.move_deals_to.<stage id> with params.stage_name and params.deal_count.',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        body: replaceStagesBodySchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toPipelineBody(
        await pipelines.replaceStages(requireUser(request), request.params.id, request.body),
      ),
  )

  app.put(
    '/v1/pipelines/:id/actions',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Replace the full action list: add, update by action_id, delete (admins only)',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        body: replaceActionsBodySchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toPipelineBody(
        await pipelines.replaceActions(requireUser(request), request.params.id, request.body),
      ),
  )

  app.put(
    '/v1/pipelines/:id/stage-actions',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Set which actions belong to which stage, in order (admins only)',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        body: replaceStageActionsBodySchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toPipelineBody(
        await pipelines.replaceStageActions(requireUser(request), request.params.id, request.body),
      ),
  )

  app.put(
    '/v1/pipelines/:id/remote-stage-lookup',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Set the CRM id of stages (admins only)',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        body: replaceRemoteStageLookupBodySchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toPipelineBody(
        await pipelines.replaceRemoteStageLookup(
          requireUser(request),
          request.params.id,
          request.body,
        ),
      ),
  )

  app.put(
    '/v1/pipelines/:id/toggle',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['pipelines'],
        summary: 'Flip whether the pipeline is active (admins only)',
        security: BEARER_AUTH,
        params: pipelineParamsSchema,
        response: { 200: pipelineSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toPipelineBody(await pipelines.toggle(requireUser(request), request.params.id)),
  )
}
