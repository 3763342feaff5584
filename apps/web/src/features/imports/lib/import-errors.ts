import type { ImportValueField } from '@dealcoach/contracts/imports'
import { HttpError } from '@/lib/api-client'

/** A message of the `imports` namespace and what it interpolates. */
export interface ImportMessage {
  key: string
  values?: Record<string, string | number>
}

/**
 * A refused upload in the client's words: messages under the mapping's fields (by field name),
 * one for the file, one banner for the rest. Built from the error's code, its details' paths and
 * codes; the server's sentences are never shown.
 */
export interface UploadErrors {
  fields: Record<string, ImportMessage>
  file?: ImportMessage
  form?: ImportMessage
}

const FILE_PROBLEMS = new Set(['empty_file', 'binary_file', 'not_utf8', 'no_header'])

const MAPPING_PATH = /^(?:body\.)?mapping\.(.+)$/

function mappingMessage(code: string | undefined): ImportMessage {
  if (code === 'unknown_column') return { key: 'errors.unknown_column' }
  if (code === 'unknown_field') return { key: 'errors.unknown_field' }
  return { key: 'errors.check_mapping' }
}

function fileMessage(code: string | undefined): ImportMessage {
  return code && FILE_PROBLEMS.has(code)
    ? { key: `errors.${code}` }
    : { key: 'errors.invalid_file' }
}

export function uploadErrors(error: unknown): UploadErrors {
  if (!(error instanceof HttpError)) return { fields: {}, form: { key: 'errors.network' } }
  if (error.status === 413 || error.code === 'file_too_large') {
    return { fields: {}, file: { key: 'errors.file_too_large' } }
  }
  // A PDF, a spreadsheet or another binary file: not a CSV, said at the file.
  if (error.status === 415 || error.code === 'unsupported_file_type') {
    return { fields: {}, file: { key: 'errors.binary_file' } }
  }
  if (error.status === 403) return { fields: {}, form: { key: 'errors.forbidden' } }
  if (error.status === 429) return { fields: {}, form: { key: 'errors.rate_limited' } }
  if (error.status >= 500 || error.status !== 400)
    return { fields: {}, form: { key: 'errors.failed' } }

  const result: UploadErrors = { fields: {} }
  for (const detail of error.details) {
    const mapping = MAPPING_PATH.exec(detail.path)?.[1]
    if (mapping !== undefined) {
      result.fields[mapping] ??= mappingMessage(detail.code)
      continue
    }
    const field = detail.params?.field
    if (detail.code === 'missing_column' && typeof field === 'string') {
      // The file lacks a column the kind needs: said under that field's choice.
      result.fields[field] ??= { key: 'errors.missing_column' }
      continue
    }
    if (/^(?:body\.)?file$/.test(detail.path)) {
      result.file ??= fileMessage(detail.code)
      continue
    }
    result.form ??= /^(?:body\.)?kind$/.test(detail.path)
      ? { key: 'errors.invalid_kind' }
      : { key: 'errors.invalid' }
  }
  if (!result.file && !result.form && Object.keys(result.fields).length === 0) {
    result.form = error.code === 'invalid_file' ? fileMessage(undefined) : { key: 'errors.invalid' }
  }
  return result
}

/** Why a commit was refused, in the client's words. */
export function commitError(error: unknown): ImportMessage {
  if (!(error instanceof HttpError)) return { key: 'errors.network' }
  if (error.status === 409 || error.code === 'import_not_validated') {
    return { key: 'errors.not_validated' }
  }
  if (error.status === 403) return { key: 'errors.forbidden' }
  if (error.status === 404) return { key: 'errors.not_found' }
  return { key: 'errors.failed' }
}

/** A refused value mapping: a message per mapped value (by field, then value), or a banner. */
export interface ValueMappingErrors {
  values: Record<ImportValueField, Record<string, ImportMessage>>
  form?: ImportMessage
}

const VALUE_PATH = /^(?:body\.)?(stage|owner)\.(.+)$/

export function valueMappingErrors(error: unknown): ValueMappingErrors {
  const result: ValueMappingErrors = { values: { stage: {}, owner: {} } }
  if (!(error instanceof HttpError)) return { ...result, form: { key: 'errors.network' } }
  if (error.status === 409) {
    return {
      ...result,
      form: { key: error.code === 'import_not_deals' ? 'errors.not_deals' : 'errors.not_ready' },
    }
  }
  if (error.status === 403) return { ...result, form: { key: 'errors.forbidden' } }
  if (error.status === 404) return { ...result, form: { key: 'errors.not_found' } }
  if (error.status !== 400) return { ...result, form: { key: 'errors.failed' } }
  for (const detail of error.details) {
    const match = VALUE_PATH.exec(detail.path)
    const field = match?.[1] as ImportValueField | undefined
    // The value itself is in params: a value with a dot in it makes the path ambiguous.
    const value = typeof detail.params?.value === 'string' ? detail.params.value : match?.[2]
    if (field && value !== undefined) {
      result.values[field][value] ??= {
        key: field === 'stage' ? 'errors.stage_gone' : 'errors.user_gone',
      }
    } else result.form ??= { key: 'errors.failed' }
  }
  return result
}
