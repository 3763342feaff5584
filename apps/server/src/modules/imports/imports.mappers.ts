import type { ImportBody, ImportSummary } from '@dealcoach/contracts/imports'
import type { ImportProblemRow, ImportRow } from './imports.repository.js'

export function toImportBody(
  row: ImportRow,
  problems: readonly ImportProblemRow[],
  problemCount: number,
): ImportBody {
  return { ...toImportSummaryBody(row, problemCount), problems: problems.map(toProblemBody) }
}

export function toImportSummaryBody(row: ImportRow, problemCount: number): ImportSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    file_name: row.fileName,
    file_size: row.fileSize,
    delimiter: row.delimiter,
    // Null until the header is read, which the upload does before it answers.
    mapping: row.resolvedMapping ?? {},
    value_mapping: row.valueMapping,
    unmatched_values: row.unmatchedValues ?? { stage: [], owner: [] },
    error:
      row.error === null
        ? null
        : {
            code: row.errorCode ?? 'unexpected_error',
            message: row.error,
            params: row.errorParams ?? {},
          },
    progress: { rows_done: row.rowsDone, rows_total: row.rowsTotal },
    dry_run: {
      create: row.plannedCreate,
      update: row.plannedUpdate,
      unchanged: row.plannedUnchanged,
      error: row.errorRows,
    },
    result: {
      create: row.created,
      update: row.updated,
      unchanged: row.unchanged,
      error: row.failedRows,
    },
    pipeline_id: row.pipelineId,
    problem_count: problemCount,
    created_at: row.createdAt.toISOString(),
    validated_at: row.validatedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  }
}

function toProblemBody(problem: ImportProblemRow) {
  return {
    row: problem.row,
    column: problem.column,
    severity: problem.severity,
    code: problem.code,
    message: problem.message,
    params: problem.params,
  }
}

const REPORT_HEADER = 'row,column,severity,code,message\r\n'

/** One CSV field, quoted when it must be; a leading formula character is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The report's CSV lines: a header, then one line per problem. */
export async function* toReportCsv(
  pages: AsyncIterable<ImportProblemRow[]>,
): AsyncGenerator<string> {
  yield REPORT_HEADER
  for await (const page of pages) {
    yield page
      .map((p) => [p.row, p.column, p.severity, p.code, p.message].map(csvField).join(',') + '\r\n')
      .join('')
  }
}
