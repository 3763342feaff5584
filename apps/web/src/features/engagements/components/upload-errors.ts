import { HttpError } from '@/lib/api-client'
import { type ErrorMessage, type FieldSpecs, serverFieldErrors } from '@/lib/form-errors'

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
export const ACCEPTED_EXTENSIONS = ['.vtt', '.srt', '.txt', '.eml'] as const
/** The engagement's name, as the server limits it (contracts/engagements.ts). */
export const NAME_MAX_LENGTH = 300

/** The dialog's fields, by their paths in the request (multipart form or JSON body). */
export type UploadField =
  'file' | 'text' | 'from' | 'to' | 'subject' | 'body' | 'name' | 'occurred_at' | 'roles'

const UPLOAD_FIELDS: FieldSpecs<UploadField> = {
  file: {},
  text: {},
  from: {},
  to: {},
  subject: {},
  body: {},
  name: { maxLength: NAME_MAX_LENGTH },
  occurred_at: {},
  roles: {},
}

/** What the user can be told about a refused upload: a key of the deals namespace, or common's. */
export type UploadProblem =
  | { key: 'upload.errors.invalid_file' | 'upload.errors.invalid_text'; line?: number }
  | { key: 'upload.errors.not_webvtt' }
  | { key: 'upload.errors.unsupported' }
  | { key: 'upload.errors.binary' }
  | { key: 'upload.errors.empty_file' | 'upload.errors.empty_email' }
  | { key: 'upload.errors.too_large' }
  | { key: 'upload.occurred_at_future' }
  | { key: 'upload.roles_help' }
  | { key: 'common'; message: ErrorMessage }

export interface UploadErrors {
  /** Each message at the field it concerns. */
  fields: Partial<Record<UploadField, UploadProblem>>
  /** What concerns no field of the dialog (no connection, a server fault); shown above it. */
  form?: UploadProblem
  /** The same content is already on the deal: the earlier upload, when the server names it. */
  duplicate?: { earlier?: { id: string; name: string } }
}

export const NO_UPLOAD_ERRORS: UploadErrors = { fields: {} }

/** The client's own checks before anything is sent. */
export function checkFile(file: File): UploadProblem | null {
  const name = file.name.toLowerCase()
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) {
    return { key: 'upload.errors.unsupported' }
  }
  if (file.size > MAX_UPLOAD_BYTES) return { key: 'upload.errors.too_large' }
  // The server refuses one of white space only too (empty_file).
  if (file.size === 0) return { key: 'upload.errors.empty_file' }
  return null
}

// The server names the line in English ("line 12: …"); only the number is taken from it.
const lineIn = (text: string) => {
  const match = /line\s+(\d+)/i.exec(text)
  return match ? Number(match[1]) : undefined
}

/** The field that carried the call or e-mail itself. */
export type ContentField = 'file' | 'text' | 'body'

/** The field a refusal of the content concerns: the one its path names, else the one sent. */
const contentField = (path: string | undefined, sent: ContentField): UploadField => {
  const named = path?.replace(/^body\./, '')
  return named === 'file' || named === 'text' || named === 'body' ? named : sent
}

function earlierUpload(error: HttpError): { id: string; name: string } | undefined {
  const params = error.details[0]?.params
  const id = params?.engagement_id
  const name = params?.engagement_name
  return typeof id === 'string' && typeof name === 'string' ? { id, name } : undefined
}

/**
 * A failed preview or save in the client's words, placed at the field it concerns (`sent` is the
 * field that carried the transcript). The server's sentences are never shown.
 */
export function uploadErrors(error: unknown, sent: ContentField = 'file'): UploadErrors {
  if (!(error instanceof HttpError)) {
    return { fields: {}, form: { key: 'common', message: { key: 'form_errors.network' } } }
  }
  if (error.code === 'invalid_file') {
    const detail = error.details[0]
    const fromParams = detail?.params?.line
    const line = typeof fromParams === 'number' ? fromParams : lineIn(detail?.message ?? '')
    const field = contentField(detail?.path, sent)
    // A .vtt whose first line is not "WEBVTT", often a plain transcript saved under that name.
    if (detail?.code === 'not_webvtt')
      return { fields: { [field]: { key: 'upload.errors.not_webvtt' } } }
    // A pasted transcript or a .txt file whose turns lack "Name:": the same hint for both.
    const key =
      field === 'text' || detail?.code === 'no_speaker_lines'
        ? 'upload.errors.invalid_text'
        : 'upload.errors.invalid_file'
    return { fields: { [field]: { key, line } } }
  }
  if (error.code === 'empty_file') {
    return { fields: { file: { key: 'upload.errors.empty_file' } } }
  }
  if (error.code === 'empty_email') {
    const field = contentField(error.details[0]?.path, sent)
    return { fields: { [field]: { key: 'upload.errors.empty_email' } } }
  }
  if (error.code === 'binary_file') {
    return { fields: { file: { key: 'upload.errors.binary' } } }
  }
  // The time the call took place is later than now: the dialog's own wording for it.
  if (error.details.some((detail) => detail.code === 'date_in_future')) {
    return { fields: { occurred_at: { key: 'upload.occurred_at_future' } } }
  }
  // A speaker matching no user or contact was given no role: the dialog's own ask, at the roles.
  if (error.code === 'speaker_roles_required') {
    return { fields: { roles: { key: 'upload.roles_help' } } }
  }
  if (error.status === 415 || error.code === 'unsupported_file_type') {
    return { fields: { file: { key: 'upload.errors.unsupported' } } }
  }
  if (error.status === 413 || error.code === 'file_too_large') {
    return { fields: { [sent]: { key: 'upload.errors.too_large' } } }
  }
  if (error.status === 409 || error.code === 'duplicate_engagement') {
    return { fields: {}, duplicate: { earlier: earlierUpload(error) } }
  }
  const { fieldErrors, formError } = serverFieldErrors(error, UPLOAD_FIELDS)
  const fields: UploadErrors['fields'] = {}
  for (const [field, message] of Object.entries(fieldErrors) as [UploadField, ErrorMessage][]) {
    fields[field] = { key: 'common', message }
  }
  return { fields, form: formError ? { key: 'common', message: formError } : undefined }
}
