import {
  IMPORT_FIELDS,
  IMPORT_FILE_MAX_BYTES,
  type ImportBody,
  importKindSchema,
  importListQuerySchema,
  importListSchema,
  importMappingSchema,
  importParamsSchema,
  importSchema,
  type ImportMapping,
  type ImportValueField,
  type ImportValueMapping,
  importValueMappingSchema,
} from '@dealcoach/contracts/imports'
import {
  missingRequiredFields,
  normaliseHeader,
  recogniseColumns,
} from '@dealcoach/contracts/import-columns'
import type { ErrorDetail } from '@dealcoach/contracts/errors'
import { z } from 'zod'
import type { FormFile } from '../fake-api'
import type { FakeApiState } from '../fake-api-state'
import { fakeId } from '../fake-id'
import { answer, errorAnswer, notFound, page, route, validationFailed } from '../fake-route'
import { markDataInStepDone } from './crm-routes'
import { refuseMember } from './refuse-member'

// CSV imports (issue 16) as the server runs them: an upload is checked (header, mapping,
// required columns) and dry-run by a job, row by row, then committed by another. Each read of a
// running import moves its job on by `rowsPerRead` rows first, as if the worker ran meanwhile.

type Outcome = 'create' | 'update' | 'unchanged' | 'error'
type Problem = ImportBody['problems'][number]

export interface FakeImport {
  /** The import as the server stores it; `problems` is the whole row report. */
  body: ImportBody
  /** What each row of the file comes to, in file order (known to the fake from the start). */
  outcomes: Outcome[]
  /** The file, for a dry run to read again once values are mapped by hand. */
  source?: CsvSource
  /** A deals file's pipeline of each row, in file order (null: a row with no known stage). */
  pipelines?: (string | null)[]
}

interface CsvSource {
  headers: string[]
  rows: string[][]
}

export interface FakeImportsArea {
  /** Newest first. */
  imports: FakeImport[]
  /** How many rows a job gets through between two reads of a running import. */
  rowsPerRead: number
}

export const initialImportsArea = (): FakeImportsArea => ({ imports: [], rowsPerRead: 1000 })

const zeroCounts = () => ({ create: 0, update: 0, unchanged: 0, error: 0 })

function countsOf(outcomes: readonly Outcome[]) {
  const counts = zeroCounts()
  for (const outcome of outcomes) counts[outcome]++
  return counts
}

/**
 * An import in any state for a test to seed: `outcomes` and `problems` decide its counts; the
 * status and progress are taken as given.
 */
export function importFixture(
  overrides: Partial<ImportBody> & {
    outcomes?: Outcome[]
    source?: CsvSource
    pipelines?: (string | null)[]
  } = {},
): FakeImport {
  const { outcomes = [], source, pipelines, ...body } = overrides
  const problems = body.problems ?? []
  const status = body.status ?? 'validated'
  const validated = status !== 'validating'
  const committed = status === 'importing' || status === 'done'
  const rowsDone = body.progress?.rows_done ?? (validated ? outcomes.length : 0)
  return {
    outcomes,
    source,
    pipelines,
    body: {
      id: fakeId(),
      kind: 'deals',
      status,
      file_name: 'hubspot-deals.csv',
      file_size: 2048,
      delimiter: ',',
      mapping: { name: 'Deal Name', stage: 'Deal Stage' },
      value_mapping: {},
      unmatched_values: { stage: [], owner: [] },
      error: null,
      progress: { rows_done: rowsDone, rows_total: validated ? outcomes.length : null },
      dry_run: validated ? countsOf(outcomes) : zeroCounts(),
      result: committed ? countsOf(outcomes.slice(0, rowsDone)) : zeroCounts(),
      pipeline_id: null,
      problem_count: problems.length,
      created_at: '2026-11-20T09:00:00.000Z',
      validated_at: validated ? '2026-11-20T09:00:05.000Z' : null,
      finished_at: status === 'done' || status === 'failed' ? '2026-11-20T09:01:00.000Z' : null,
      ...body,
      problems,
    },
  }
}

const area = (state: FakeApiState) => state.importsArea

/**
 * The answer's view: the first 100 lines of the row report, and how many there are. As on the
 * server, the dry run and the commit each report a row once they have read it (the commit's report
 * replaces the dry run's).
 */
function toBody(found: FakeImport): ImportBody {
  const visible =
    found.body.status === 'validating' || found.body.status === 'importing'
      ? found.body.problems.filter((problem) => problem.row <= found.body.progress.rows_done)
      : found.body.problems
  return { ...found.body, problems: visible.slice(0, 100), problem_count: visible.length }
}

/** The job's next step: `rows` more rows checked or written. */
function advance(found: FakeImport, rows: number) {
  const { body, outcomes } = found
  const now = new Date().toISOString()
  if (body.status === 'validating') {
    const done = Math.min(outcomes.length, body.progress.rows_done + rows)
    body.progress = { rows_done: done, rows_total: outcomes.length }
    body.dry_run = countsOf(outcomes.slice(0, done))
    if (done === outcomes.length) {
      body.status = 'validated'
      body.validated_at = now
    }
  } else if (body.status === 'importing') {
    const done = Math.min(outcomes.length, body.progress.rows_done + rows)
    body.progress = { rows_done: done, rows_total: outcomes.length }
    body.result = countsOf(outcomes.slice(0, done))
    // As the server: the pipeline of the first deal the commit wrote.
    body.pipeline_id ??=
      found.pipelines
        ?.slice(0, done)
        .find((pipeline, row) => pipeline && outcomes[row] !== 'error') ?? null
    if (done === outcomes.length) {
      body.status = 'done'
      body.finished_at = now
    }
  }
}

/** Splits a simple CSV (no line breaks inside quotes) into its header and rows. */
function readCsv(text: string) {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const first = lines[0] ?? ''
  const delimiter = first.split(';').length > first.split(',').length ? ';' : ','
  const split = (line: string) =>
    line.split(delimiter).map((value) => value.trim().replace(/^"(.*)"$/, '$1'))
  return {
    delimiter,
    headers: split(first),
    rows: lines
      .slice(1)
      .filter((line) => line.trim() !== '')
      .map(split),
  }
}

/** The row's value of a field, through the mapping in force. */
const cell = (headers: string[], row: string[], header: string | undefined) =>
  header === undefined ? '' : (row[headers.indexOf(header)] ?? '').trim()

type Unmatched = ImportBody['unmatched_values']

/** Rows per unmatched value, the most frequent first, as the dry run lists them. */
function tallyUnmatched(seen: Record<ImportValueField, string[]>): Unmatched {
  const top = (values: string[]) => {
    const rows = new Map<string, number>()
    for (const value of values) rows.set(value, (rows.get(value) ?? 0) + 1)
    return [...rows]
      .sort(([a, rowsA], [b, rowsB]) => rowsB - rowsA || a.localeCompare(b))
      .map(([value, count]) => ({ value, rows: count }))
  }
  return { stage: top(seen.stage), owner: top(seen.owner) }
}

/** What the dry run says of one deal row: its problems and its outcome. */
function judgeDeal(
  state: FakeApiState,
  mapping: Record<string, string>,
  byHand: ImportValueMapping,
  value: (field: string) => string,
  rowNumber: number,
  unmatched: Record<ImportValueField, string[]>,
): { outcome: Outcome; problems: Problem[]; pipelineId: string | null } {
  const problems: Problem[] = []
  const problem = (
    field: string,
    severity: Problem['severity'],
    code: string,
    message: string,
    params: Problem['params'] = {},
  ) =>
    problems.push({
      row: rowNumber,
      column: mapping[field] ?? null,
      severity,
      code,
      message,
      params,
    })
  const name = value('name')
  if (!name) problem('name', 'error', 'required', 'The deal has no name.')
  const stage = value('stage')
  const mappedStage = byHand.stage?.[stage]
  const known = state.pipelines.find((pipeline) =>
    pipeline.stages.some((candidate) =>
      mappedStage
        ? candidate.stage_id === mappedStage
        : candidate.name.toLowerCase() === stage.toLowerCase(),
    ),
  )
  if (!stage) problem('stage', 'error', 'required', 'The deal has no stage.')
  else if (!known) {
    unmatched.stage.push(stage)
    const [first] = state.pipelines
    const where = first
      ? `the pipeline "${first.name}"; its stages are ${first.stages.map((s) => s.name).join(', ')}`
      : 'any pipeline'
    problem('stage', 'error', 'unknown_stage', `"${stage}" is not a stage of ${where}.`, {
      value: stage,
    })
  }
  const amount = value('amount')
  if (amount && !Number.isFinite(Number(amount.replace(/[\s,]/g, '')))) {
    problem('amount', 'error', 'invalid_amount', `"${amount}" is not an amount.`, {
      value: amount,
    })
  }
  const owner = value('owner')
  const mappedOwner = byHand.owner?.[owner]
  const ownerFound = state.users.some((user) =>
    mappedOwner ? user.id === mappedOwner : user.email.toLowerCase() === owner.toLowerCase(),
  )
  if (owner && !ownerFound) {
    unmatched.owner.push(owner)
    problem(
      'owner',
      'warning',
      'unknown_owner',
      `"${owner}" is no user of the organisation; the deal is imported without that owner.`,
      { value: owner },
    )
  }
  const pipelineId = known?.id ?? null
  if (problems.some((found) => found.severity === 'error')) {
    return { outcome: 'error', problems, pipelineId }
  }
  const existing = state.dealsArea.deals.find((deal) => deal.name === name)
  return { outcome: existing ? 'update' : 'create', problems, pipelineId }
}

/** The row report and outcomes of a whole file, as the dry run will find them. */
function dryRun(
  state: FakeApiState,
  kind: ImportBody['kind'],
  mapping: Record<string, string>,
  byHand: ImportValueMapping,
  { headers, rows }: CsvSource,
) {
  const outcomes: Outcome[] = []
  const problems: Problem[] = []
  const pipelines: (string | null)[] = []
  const unmatched: Record<ImportValueField, string[]> = { stage: [], owner: [] }
  rows.forEach((row, index) => {
    const value = (field: string) => cell(headers, row, mapping[field])
    if (kind === 'deals') {
      const judged = judgeDeal(state, mapping, byHand, value, index + 1, unmatched)
      outcomes.push(judged.outcome)
      problems.push(...judged.problems)
      pipelines.push(judged.pipelineId)
      return
    }
    const empty = missingRequiredFields(
      kind,
      Object.fromEntries(
        IMPORT_FIELDS[kind].filter((field) => value(field) !== '').map((field) => [field, 'x']),
      ),
    )
    for (const group of empty) {
      problems.push({
        row: index + 1,
        column: mapping[group[0] ?? ''] ?? null,
        severity: 'error',
        code: 'required',
        message: `The row has no ${group.join(' or ')}.`,
        params: {},
      })
    }
    outcomes.push(empty.length > 0 ? 'error' : 'create')
  })
  return { outcomes, problems, pipelines, unmatched: tallyUnmatched(unmatched) }
}

/** The server's check of a value mapping: every stage and user it names must be ours. */
function valueMappingProblems(
  state: FakeApiState,
  values: ImportValueMapping,
  at: string,
): ErrorDetail[] {
  const stages = new Set(state.pipelines.flatMap((p) => p.stages.map((s) => s.stage_id)))
  const users = new Set(state.users.map((user) => user.id))
  return [
    ...Object.entries(values.stage ?? {})
      .filter(([, id]) => !stages.has(id))
      .map(([value]) => ({
        path: `${at}.stage.${value}`,
        message: 'is no stage of your pipelines',
        code: 'unknown_stage',
        params: { value },
      })),
    ...Object.entries(values.owner ?? {})
      .filter(([, id]) => !users.has(id))
      .map(([value]) => ({
        path: `${at}.owner.${value}`,
        message: 'is no user of yours',
        code: 'unknown_user',
        params: { value },
      })),
  ]
}

const uploadBody = z.object({
  kind: z.string().optional(),
  mapping: z.string().optional(),
  file: z.custom<FormFile>((value) => typeof value === 'object' && value !== null).optional(),
})

/** Reads the form as the server does; a refusal is the server's 400 or 413. */
function readUpload(state: FakeApiState, form: z.output<typeof uploadBody>) {
  const kind = importKindSchema.safeParse(form.kind)
  if (!kind.success) {
    return {
      refusal: validationFailed([
        {
          path: 'body.kind',
          message: 'must be deals, contacts or engagements',
          code: form.kind ? 'invalid_kind' : 'required',
        },
      ]),
    }
  }
  let explicit: ImportMapping = {}
  if (form.mapping) {
    let json: unknown
    try {
      json = JSON.parse(form.mapping)
    } catch {
      return {
        refusal: validationFailed([
          { path: 'body.mapping', message: 'is not JSON', code: 'invalid_json' },
        ]),
      }
    }
    const parsed = importMappingSchema.safeParse(json)
    if (!parsed.success)
      return {
        refusal: validationFailed([{ path: 'body.mapping', message: parsed.error.message }]),
      }
    explicit = parsed.data
  }
  const file = form.file
  if (!file) {
    return {
      refusal: validationFailed([{ path: 'body.file', message: 'is required', code: 'required' }]),
    }
  }
  if (file.size > IMPORT_FILE_MAX_BYTES) {
    return { refusal: errorAnswer(413, 'file_too_large', 'The file is larger than 100 MB.') }
  }
  if (file.text.trim() === '') {
    return {
      refusal: errorAnswer(400, 'invalid_file', 'The file is empty.', [
        { path: 'body.file', message: 'The file is empty.', code: 'empty_file' },
      ]),
    }
  }
  const csv = readCsv(file.text)
  const fields: readonly string[] = IMPORT_FIELDS[kind.data]
  const known = new Set(csv.headers.map(normaliseHeader))
  const mappingProblems: ErrorDetail[] = Object.entries(explicit).flatMap(([field, header]) =>
    header === null
      ? []
      : !fields.includes(field)
        ? [
            {
              path: `body.mapping.${field}`,
              message: 'is no field of this kind',
              code: 'unknown_field',
            },
          ]
        : !known.has(normaliseHeader(header))
          ? [
              {
                path: `body.mapping.${field}`,
                message: `the file has no column "${header}"`,
                code: 'unknown_column',
              },
            ]
          : [],
  )
  if (mappingProblems.length > 0) {
    return {
      refusal: errorAnswer(400, 'invalid_mapping', 'The mapping is invalid.', mappingProblems),
    }
  }
  const chosen = Object.entries(explicit).filter(
    (entry): entry is [string, string] => entry[1] !== null,
  )
  const mapping = {
    ...recogniseColumns(kind.data, csv.headers, explicit),
    ...Object.fromEntries(chosen),
  }
  const missing = missingRequiredFields(kind.data, mapping)
  if (missing.length > 0) {
    return {
      refusal: errorAnswer(
        400,
        'invalid_file',
        'The file lacks a column the import needs.',
        missing.map((group) => ({
          path: 'body.file',
          message: `has no column for ${group.join(' or ')}`,
          code: 'missing_column',
          params: { field: group[0] ?? '' },
        })),
      ),
    }
  }
  const source = { headers: csv.headers, rows: csv.rows }
  const { outcomes, problems, pipelines, unmatched } = dryRun(state, kind.data, mapping, {}, source)
  const created: FakeImport = {
    outcomes,
    source,
    pipelines,
    body: {
      ...importFixture({ kind: kind.data, status: 'validating' }).body,
      file_name: file.name,
      file_size: file.size,
      delimiter: csv.delimiter,
      mapping,
      problems,
      unmatched_values: unmatched,
      created_at: new Date().toISOString(),
    },
  }
  return { created }
}

const findImport = (state: FakeApiState, id: string) =>
  area(state).imports.find((candidate) => candidate.body.id === id)

export const importsRoutes = [
  route('POST', '/v1/imports', {
    body: uploadBody,
    answers: { 202: importSchema },
    handle: ({ body }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      const read = readUpload(state, body)
      if (read.refusal) return read.refusal
      area(state).imports.unshift(read.created)
      // The answer comes before the dry run reads a row, as the server's does.
      return answer(202, { ...read.created.body, problems: [], problem_count: 0 })
    },
  }),
  route('GET', '/v1/imports', {
    query: importListQuerySchema,
    answers: { 200: importListSchema },
    handle: ({ query }, state) => {
      const rows = area(state).imports.map((found) => {
        const { problems: _problems, ...summary } = toBody(found)
        return summary
      })
      return answer(200, page(rows, query.page, query.page_size))
    },
  }),
  route('GET', '/v1/imports/:id', {
    params: importParamsSchema,
    answers: { 200: importSchema },
    handle: ({ params }, state) => {
      const found = findImport(state, params.id)
      if (!found) return notFound('Import')
      advance(found, area(state).rowsPerRead)
      if (found.body.status === 'done') markDataInStepDone(state)
      return answer(200, toBody(found))
    },
  }),
  route('GET', '/v1/imports/:id/report.csv', {
    params: importParamsSchema,
    answers: { 200: z.string() },
    handle: ({ params }, state) => {
      const found = findImport(state, params.id)
      if (!found) return notFound('Import')
      const quote = (value: string) =>
        /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
      const lines = found.body.problems.map((problem) =>
        [String(problem.row), problem.column ?? '', problem.severity, problem.code, problem.message]
          .map(quote)
          .join(','),
      )
      return {
        status: 200,
        body: ['row,column,severity,code,message', ...lines].join('\n') + '\n',
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      }
    },
  }),
  route('PUT', '/v1/imports/:id/value-mapping', {
    params: importParamsSchema,
    body: importValueMappingSchema,
    answers: { 202: importSchema },
    handle: ({ params, body }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      const found = findImport(state, params.id)
      if (!found) return notFound('Import')
      const problems = valueMappingProblems(state, body, 'body')
      if (problems.length > 0) return validationFailed(problems)
      if (found.body.kind !== 'deals') {
        return errorAnswer(409, 'import_not_deals', 'Only a deals import has values to map.')
      }
      if (found.body.status !== 'validated') {
        return errorAnswer(409, 'import_not_validated', 'The import is not validated.')
      }
      if (found.source) {
        const rerun = dryRun(state, 'deals', found.body.mapping, body, found.source)
        found.outcomes = rerun.outcomes
        found.pipelines = rerun.pipelines
        found.body.problems = rerun.problems
        found.body.unmatched_values = rerun.unmatched
      }
      found.body.value_mapping = body
      found.body.status = 'validating'
      found.body.validated_at = null
      found.body.progress = { rows_done: 0, rows_total: found.outcomes.length }
      return answer(202, { ...found.body, problems: [], problem_count: 0 })
    },
  }),
  route('POST', '/v1/imports/:id/commit', {
    params: importParamsSchema,
    answers: { 202: importSchema },
    handle: ({ params }, state) => {
      const refusal = refuseMember(state)
      if (refusal) return refusal
      const found = findImport(state, params.id)
      if (!found) return notFound('Import')
      if (found.body.status !== 'validated') {
        return errorAnswer(409, 'import_not_validated', 'The import is not validated.')
      }
      found.body.status = 'importing'
      found.body.progress = { rows_done: 0, rows_total: found.outcomes.length }
      return answer(202, { ...found.body, problems: [], problem_count: 0 })
    },
  }),
]
