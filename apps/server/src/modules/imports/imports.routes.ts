import { Readable } from 'node:stream'
import multipart from '@fastify/multipart'
import {
  IMPORT_FIELDS,
  IMPORT_FILE_MAX_BYTES,
  importListQuerySchema,
  importListSchema,
  importMultipartBodySchema,
  importParamsSchema,
  importSchema,
  importValueMappingSchema,
} from '@dealcoach/contracts/imports'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requireUser } from '../../lib/caller.js'
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from '../../lib/domain-errors.js'
import { errorResponses } from '../../lib/error-responses.js'
import { assertNoNulCharacter } from '../../lib/nul-character.js'
import { BEARER_AUTH } from '../../plugins/openapi.js'
import { toImportBody, toImportSummaryBody, toReportCsv } from './imports.mappers.js'
import type { ImportRow } from './imports.repository.js'
import type { ImportsService } from './imports.service.js'

const UPLOAD_DESCRIPTION = [
  'Admins. multipart/form-data with `kind` (deals, contacts or engagements), an optional',
  '`mapping` (JSON {"<field>": "<CSV header>" | null}; null imports the field from no column), an',
  'optional `value_mapping` (JSON, as PUT /v1/imports/{id}/value-mapping takes it) and then',
  '`file`: a CSV of at most 100 MB and',
  '100,000 rows, UTF-8 with or without BOM (else read as windows-1252, what Excel on Windows',
  'saves), `,` or `;` (picked from the header), quoted values',
  'may hold line breaks. The text fields must come before the file, which is stored as it streams.',
  'Headers of HubSpot and Salesforce exports are recognised; `mapping` overrides them. Fields:',
  ...Object.entries(IMPORT_FIELDS).map(([kind, fields]) => `${kind}: ${fields.join(', ')}.`),
  'Answers 202 at once; a job then dry-runs the file (status validating → validated, or failed).',
  'Errors: a binary file (a PDF, a spreadsheet, an image) is a 415 unsupported_file_type whose',
  'detail at body.file has code binary_file; a file that is no CSV otherwise (empty, no header) or',
  'lacks a column the kind needs is a 400 invalid_file naming it at body.file; a mapping naming an unknown field or',
  'column a 400 at body.mapping.<field>; a file over 100 MB a 413 file_too_large.',
].join(' ')

async function* fileContent(stream: AsyncIterable<Buffer>) {
  try {
    for await (const chunk of stream) yield chunk
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new PayloadTooLarge(
        'file_too_large',
        `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      )
    }
    throw error
  }
}

/** Reads the form: its text fields, then hands the file's stream to the service as it arrives. */
async function createFromForm(request: FastifyRequest, imports: ImportsService) {
  if (!request.isMultipart()) {
    throw new UnsupportedMediaType(
      'unsupported_media_type',
      'Send the CSV as multipart/form-data with kind, mapping and file.',
    )
  }
  const fields: Record<string, string> = {}
  let created: ImportRow | undefined
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value
      continue
    }
    if (part.fieldname !== 'file' || created) {
      part.file.resume()
      continue
    }
    // The text fields come before the file, so all are known here (as is the file's name).
    assertNoNulCharacter({ ...fields, file_name: part.filename })
    created = await imports.create(requireUser(request), {
      kind: fields.kind,
      mapping: fields.mapping,
      valueMapping: fields.value_mapping,
      fileName: part.filename || 'import.csv',
      content: fileContent(part.file),
    })
  }
  if (!created) throw new Invalid([{ field: 'file', message: 'is required', code: 'required' }])
  return created
}

/** /v1/imports: CSV imports of deals, contacts and engagements (issue 16). */
export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (
  app,
  { imports },
) => {
  // One byte over the limit, so the service, which counts as it stores, says what is wrong.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 64 * 1024 },
    throwFileSizeLimit: true,
  })

  app.post(
    '/v1/imports',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['imports'],
        summary: 'Upload a CSV of deals, contacts or engagements; a dry run starts',
        description: UPLOAD_DESCRIPTION,
        consumes: ['multipart/form-data'],
        requestBodies: { 'multipart/form-data': importMultipartBodySchema },
        security: BEARER_AUTH,
        response: { 202: importSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const created = await createFromForm(request, imports)
      return reply.status(202).send(toImportBody(created, [], 0))
    },
  )

  app.get(
    '/v1/imports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['imports'],
        summary: 'Your organisation’s imports, newest first',
        security: BEARER_AUTH,
        querystring: importListQuerySchema,
        response: { 200: importListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { query } = request
      const { rows, total } = await imports.list(requireUser(request), query)
      return {
        models: rows.map((row) => toImportSummaryBody(row, row.problemCount)),
        pagination: { page: query.page, page_size: query.page_size, total },
      }
    },
  )

  app.get(
    '/v1/imports/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['imports'],
        summary: 'An import: status, progress, dry-run or commit counts and its row report',
        security: BEARER_AUTH,
        params: importParamsSchema,
        response: { 200: importSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const found = await imports.get(requireUser(request), request.params.id)
      return toImportBody(found.row, found.problems, found.problemCount)
    },
  )

  app.get(
    '/v1/imports/:id/report.csv',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['imports'],
        summary: 'The whole row report as CSV: row, column, severity, code, message',
        produces: ['text/csv'],
        security: BEARER_AUTH,
        params: importParamsSchema,
        response: {
          200: z.unknown().describe('text/csv: row,column,severity,code,message'),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const caller = requireUser(request)
      // Answers 404 before the download starts; the pages are then read as the client reads.
      const found = await imports.get(caller, request.params.id)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="import-${found.row.id}-report.csv"`)
        .send(Readable.from(toReportCsv(imports.report(caller, found.row.id))))
    },
  )

  app.put(
    '/v1/imports/:id/value-mapping',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['imports'],
        summary: 'Map a deals file’s unmatched stage and owner values by hand; the dry run reruns',
        description: [
          'Admins. The body replaces the import’s value mapping: `stage` maps a stage name of the',
          'file to a stage id (which brings its pipeline), `owner` an owner of the file to a user id.',
          'The dry run’s `unmatched_values` lists what to map. Answers 202; the import goes back to',
          'validating and then validated with the new counts and report. A stage or user that is not',
          'your organisation’s is a 400 at body.<field>.<value> (unknown_stage, unknown_user); an',
          'import that is not validated is a 409 import_not_validated, one not of deals a 409',
          'import_not_deals.',
        ].join(' '),
        security: BEARER_AUTH,
        params: importParamsSchema,
        body: importValueMappingSchema,
        response: { 202: importSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await imports.setValueMapping(
        requireUser(request),
        request.params.id,
        request.body,
      )
      return reply.status(202).send(toImportBody(row, [], 0))
    },
  )

  app.post(
    '/v1/imports/:id/commit',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['imports'],
        summary: 'Import a validated file; a job writes it in batches',
        description:
          'Admins. Answers 202; the import goes to importing, then done. An import that is not validated (still validating, failed, or already committed) is a 409 import_not_validated.',
        security: BEARER_AUTH,
        params: importParamsSchema,
        response: { 202: importSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await imports.commit(requireUser(request), request.params.id)
      return reply.status(202).send(toImportBody(row, [], 0))
    },
  )
}
