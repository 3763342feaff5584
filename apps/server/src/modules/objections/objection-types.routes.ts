import {
  createdObjectionTypesResponseSchema,
  createObjectionTypeBodySchema,
  objectionTypeApprovalBodySchema,
  objectionTypeParamsSchema,
  objectionTypeSchema,
  objectionTypesFromFrameworkBodySchema,
  objectionTypesQuerySchema,
  objectionTypesResponseSchema,
  typeObjectionsQuerySchema,
  typeObjectionsResponseSchema,
  updateObjectionTypeBodySchema,
} from '@dealcoach/contracts/objections'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/error-responses.js'
import { requireUser } from '../../lib/caller.js'
import {
  toCreatedObjectionTypesBody,
  toObjectionTypeBody,
  toObjectionTypesBody,
  toTypeObjectionsBody,
} from './objection-types.mappers.js'
import type { ObjectionTypesService } from './objection-types.service.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'

const tags = ['objections']

/** /v1/objections/types: the objection types of the caller's organisation (writes: admins). */
export const objectionTypesRoutes: FastifyPluginAsyncZod<{
  objectionTypes: ObjectionTypesService
}> = async (app, { objectionTypes }) => {
  app.get(
    '/v1/objections/types',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your organisation’s objection types, by name',
        security: BEARER_AUTH,
        querystring: objectionTypesQuerySchema,
        response: { 200: objectionTypesResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      toObjectionTypesBody(await objectionTypes.list(requireUser(request), request.query), {
        page: request.query.page,
        pageSize: request.query.page_size,
      }),
  )

  app.post(
    '/v1/objections/types',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Create an objection type with an id you generated (admins only)',
        description:
          'A create sent again with the same id and fields (a retry after a lost answer) answers 201 with the type it made, unchanged. An id the organisation already uses otherwise is a 409 objection_type_exists whose details name the fields that differ (or body.id for a deleted type, or one no create made); an id another organisation uses is a 404 not_found, as its records are.',
        security: BEARER_AUTH,
        body: createObjectionTypeBodySchema,
        response: { 201: objectionTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await objectionTypes.create(requireUser(request), request.body)
      return reply.status(201).send(toObjectionTypeBody(created))
    },
  )

  // A static path: find-my-way prefers it over /:id whatever the registration order.
  app.post(
    '/v1/objections/types/from-framework',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Add a sales framework’s objection types you do not have yet (admins only)',
        security: BEARER_AUTH,
        body: objectionTypesFromFrameworkBodySchema,
        response: { 201: createdObjectionTypesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await objectionTypes.addFromFramework(
        requireUser(request),
        request.body.framework,
      )
      return reply.status(201).send(toCreatedObjectionTypesBody(created))
    },
  )

  app.get(
    '/v1/objections/types/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'One objection type',
        security: BEARER_AUTH,
        params: objectionTypeParamsSchema,
        response: { 200: objectionTypeSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      toObjectionTypeBody(await objectionTypes.get(requireUser(request), request.params.id)),
  )

  app.put(
    '/v1/objections/types/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Update an objection type: empty fields keep their value (admins only)',
        security: BEARER_AUTH,
        params: objectionTypeParamsSchema,
        body: updateObjectionTypeBodySchema,
        response: { 200: objectionTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toObjectionTypeBody(
        await objectionTypes.update(requireUser(request), request.params.id, request.body),
      ),
  )

  app.delete(
    '/v1/objections/types/:id',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Delete an objection type (admins only); its objections are kept',
        security: BEARER_AUTH,
        params: objectionTypeParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await objectionTypes.remove(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.put(
    '/v1/objections/types/:id/approval',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Approve an objection type, or withdraw its approval (admins only)',
        security: BEARER_AUTH,
        params: objectionTypeParamsSchema,
        body: objectionTypeApprovalBodySchema,
        response: { 200: objectionTypeSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      toObjectionTypeBody(
        await objectionTypes.setApproval(
          requireUser(request),
          request.params.id,
          request.body.approved,
        ),
      ),
  )

  app.get(
    '/v1/objections/types/:id/objections',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'The objections found under a type, newest first',
        security: BEARER_AUTH,
        params: objectionTypeParamsSchema,
        querystring: typeObjectionsQuerySchema,
        response: { 200: typeObjectionsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      toTypeObjectionsBody(
        await objectionTypes.objections(requireUser(request), request.params.id, request.query),
        { page: request.query.page, pageSize: request.query.page_size },
      ),
  )
}
