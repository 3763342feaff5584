import multipart from '@fastify/multipart'
import {
  createEngagementResponseSchema,
  dealEngagementsParamsSchema,
  ENGAGEMENT_FILE_MAX_BYTES,
  engagementDetailSchema,
  engagementJsonBodySchema,
  engagementMultipartBodySchema,
  engagementParamsSchema,
  engagementPreviewSchema,
  engagementQuerySchema,
  engagementsResponseSchema,
} from '@dealcoach/contracts/engagements'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { errorResponses } from '../../lib/error-responses.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import {
  summaryOf,
  toEngagementBody,
  toEngagementSummaryBody,
  toPreviewBody,
} from './engagements.mappers.js'
import type { EngagementsService } from './engagements.service.js'
import { readUpload, UPLOAD_LIMITS } from './read-upload.js'

const UPLOAD_DESCRIPTION = [
  'Either multipart/form-data with `file` (.vtt, .srt or .txt transcript, or .eml e-mail; at most',
  '10 MB) and optional `roles` (JSON text {"<speaker>": "seller"|"buyer"}), `name` and `occurred_at`',
  '(ISO 8601); or JSON `{ type: "transcript", text, name?, occurred_at?, roles? }` (a pasted',
  'transcript) or `{ type: "email", direction, from, to?, subject, body, occurred_at? }`.',
  'Speaker roles: `roles` wins; else a speaker who is a user of the organisation (full name, first',
  'name or e-mail) is the seller, one of the deal’s contacts the buyer. Storing a transcript with a',
  'speaker who is neither and whom `roles` does not name is a 400 speaker_roles_required at',
  'body.roles (params.speakers names them); the preview proposes such a speaker as unknown.',
  '`add_contacts` (a list of speaker labels; JSON text in a form) adds those of the call’s buyers',
  'who match no contact to the deal’s contacts, by name, in the same transaction.',
  'A file with a UTF-16 byte order mark is read as UTF-16; others as UTF-8, else windows-1252.',
  'An `occurred_at` later than now (beyond 5 minutes of clock skew) is a 400 at body.occurred_at',
  'with detail code date_in_future; an .eml whose Date header is in the future is filed at now.',
  'Errors: a malformed file is a 400 invalid_file whose detail at body.file names the line',
  '(params.line), with code no_speaker_lines for a plain-text transcript whose turns do not start',
  'with "Name:" and not_webvtt for a .vtt file whose first line is not "WEBVTT"; a file with no text a 400 empty_file; a binary file (a NUL byte) a 400 binary_file; an e-mail with no text of its own (no body,',
  'or only a quoted reply) a 400 empty_email at body.file or body.body; an',
  'unknown file type a 415 unsupported_file_type; a file over 10 MB a 413 file_too_large; the same',
  'content already on the deal a 409 duplicate_engagement whose detail has params.engagement_id and',
  'params.engagement_name. Members add calls and e-mails only to deals they own (403',
  'not_deal_owner), as they change only those deals.',
].join(' ')

/** The upload's bodies, for the OpenAPI document: readUpload reads and checks them itself. */
const UPLOAD_BODIES = {
  'multipart/form-data': engagementMultipartBodySchema,
  'application/json': engagementJsonBodySchema,
}

// A pasted transcript may be as large as an uploaded one; multipart has its own limits.
const JSON_BODY_LIMIT = ENGAGEMENT_FILE_MAX_BYTES + 64 * 1024

/** /v1/deals/{id}/engagements and /v1/engagements/{id}: calls and e-mails on a deal. */
export const engagementsRoutes: FastifyPluginAsyncZod<{ engagements: EngagementsService }> = async (
  app,
  { engagements },
) => {
  // Registered here, so multipart bodies are read by these routes only.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true })

  app.post(
    '/v1/deals/:id/engagements',
    {
      onRequest: app.authenticate,
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['engagements'],
        summary: 'Upload a call transcript or an e-mail to a deal; the deal is re-analysed',
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json'],
        requestBodies: UPLOAD_BODIES,
        security: BEARER_AUTH,
        params: dealEngagementsParamsSchema,
        response: {
          201: createEngagementResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request)
      const created = await engagements.create(requireUser(request), request.params.id, upload)
      return reply.status(201).send({
        engagement: toEngagementSummaryBody(summaryOf(created.engagement)),
        analysis: { run_id: created.runId, status: 'queued' as const },
      })
    },
  )

  app.post(
    '/v1/deals/:id/engagements/preview',
    {
      onRequest: app.authenticate,
      bodyLimit: JSON_BODY_LIMIT,
      schema: {
        tags: ['engagements'],
        summary: 'Read an upload without storing it: its speakers with proposed roles',
        description: `Takes the same bodies as the upload and stores nothing. ${UPLOAD_DESCRIPTION}`,
        consumes: ['multipart/form-data', 'application/json'],
        requestBodies: UPLOAD_BODIES,
        security: BEARER_AUTH,
        params: dealEngagementsParamsSchema,
        response: {
          200: engagementPreviewSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request) => {
      const upload = await readUpload(request)
      const preview = await engagements.preview(requireUser(request), request.params.id, upload)
      return toPreviewBody(preview.prepared, preview.speakers, preview.duplicateOf)
    },
  )

  app.get(
    '/v1/deals/:id/engagements',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['engagements'],
        summary: 'A deal’s engagements, newest first',
        security: BEARER_AUTH,
        params: dealEngagementsParamsSchema,
        response: { 200: engagementsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      models: (await engagements.list(requireUser(request), request.params.id)).map(
        toEngagementSummaryBody,
      ),
    }),
  )

  app.get(
    '/v1/engagements/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['engagements'],
        summary: 'One engagement with its utterances or body',
        security: BEARER_AUTH,
        params: engagementParamsSchema,
        querystring: engagementQuerySchema,
        response: { 200: engagementDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      toEngagementBody(
        await engagements.get(
          requireUser(request),
          request.params.id,
          request.query.engagement_type,
        ),
      ),
  )

  app.delete(
    '/v1/engagements/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['engagements'],
        summary: 'Delete an engagement (admins, or the deal’s owner); the deal is re-analysed',
        security: BEARER_AUTH,
        params: engagementParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await engagements.remove(requireUser(request), request.params.id)
      return reply.status(204).send(null)
    },
  )
}
