import {
  objectionFeedbackBodySchema,
  objectionFeedbackListResponseSchema,
  objectionFeedbackParamsSchema,
  objectionFeedbackQuerySchema,
  objectionFeedbackSchema,
  objectionIdParamsSchema,
  promoteObjectionBodySchema,
} from '@dealcoach/contracts/objection-analysis'
import { objectionTypeSchema } from '@dealcoach/contracts/objections'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import {
  toObjectionFeedbackBody,
  toObjectionFeedbackListBody,
} from './objection-feedback.mappers.js'
import type { ObjectionFeedbackService } from './objection-feedback.service.js'
import { toObjectionTypeBody } from './objection-types.mappers.js'

const tags = ['objections']

/** Corrections of detected objections, and quotes promoted to a type's examples (issue 14). */
export const objectionFeedbackRoutes: FastifyPluginAsyncZod<{
  objectionFeedback: ObjectionFeedbackService
}> = async (app, { objectionFeedback }) => {
  app.post(
    '/v1/objections/:id/feedback',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          'Correct a detected objection: not an objection, or another type; the deal is analysed again',
        security: BEARER_AUTH,
        params: objectionIdParamsSchema,
        body: objectionFeedbackBodySchema,
        response: { 201: objectionFeedbackSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const created = await objectionFeedback.correct(
        requireUser(request),
        request.params.id,
        request.body,
      )
      return reply.status(201).send(toObjectionFeedbackBody(created))
    },
  )

  app.get(
    '/v1/objections/feedback',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Your organisation’s corrections of detected objections, newest first',
        security: BEARER_AUTH,
        querystring: objectionFeedbackQuerySchema,
        response: { 200: objectionFeedbackListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const page = { page: request.query.page, pageSize: request.query.page_size }
      return toObjectionFeedbackListBody(
        await objectionFeedback.list(requireUser(request), page),
        page,
      )
    },
  )

  app.delete(
    '/v1/objections/feedback/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Take a correction back (your own; admins: anyone’s); the deal is analysed again',
        security: BEARER_AUTH,
        params: objectionFeedbackParamsSchema,
        response: { 204: z.null().describe('Taken back'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await objectionFeedback.undo(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )

  app.post(
    '/v1/objections/:id/promote',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags,
        summary: 'Make the objection’s quote an example of a type (admins only)',
        security: BEARER_AUTH,
        params: objectionIdParamsSchema,
        body: promoteObjectionBodySchema,
        response: { 200: objectionTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toObjectionTypeBody(
        await objectionFeedback.promote(
          requireUser(request),
          request.params.id,
          request.body.objection_type_id,
        ),
      ),
  )
}
