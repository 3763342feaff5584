import type { ErrorDetail } from '@dealcoach/contracts/errors'
import { HttpError } from './api-client'

/** A translation key of the `common` namespace and the values it interpolates. */
export interface ErrorMessage {
  key: string
  values?: Record<string, string | number>
}

/** What a form knows about one of its fields, to place and word the server's refusals. */
export interface FieldSpec {
  /**
   * The field's path in the request body when it differs from the form's name (`firstname`); a
   * `*` segment matches any one segment (`stages.*.name` for the name of any stage in a list).
   */
  path?: string
  /** The field's own limits (packages/contracts/src/limits.ts), for the client's wording. */
  maxLength?: number
  minLength?: number
  /** A list field: its limit is a number of entries. */
  maxItems?: number
}

export type FieldSpecs<F extends string> = Record<F, FieldSpec>

export interface ServerFieldErrors<F extends string> {
  fieldErrors: Partial<Record<F, ErrorMessage>>
  /** For what belongs to no field of the form; shown once, above it. */
  formError?: ErrorMessage
}

const P = 'form_errors'

/**
 * What each server code means to the user (apps/server/src/modules). `field` words it under the
 * field a detail's path names, or the field at `path` when the server names none; `form` words
 * it as the form's banner when no field of the form is concerned.
 */
const CODE_MESSAGES: Record<string, { field?: string; form?: string; path?: string }> = {
  invalid_credentials: {
    field: `${P}.wrong_current_password`,
    form: `${P}.invalid_credentials`,
  },
  email_mismatch: { field: `${P}.email_mismatch`, path: 'email' },
  account_exists: { field: `${P}.account_exists`, form: `${P}.account_exists`, path: 'email' },
  objection_type_name_taken: { field: `${P}.name_taken`, form: `${P}.name_taken`, path: 'name' },
  objection_type_exists: { form: `${P}.objection_type_exists` },
  pipeline_name_taken: {
    field: `${P}.pipeline_name_taken`,
    form: `${P}.pipeline_name_taken`,
    path: 'name',
  },
  password_unchanged: { field: `${P}.password_unchanged`, path: 'new_password' },
  pipeline_has_deals: { form: `${P}.pipeline_has_deals` },
  stage_has_deals: { form: `${P}.stage_has_deals` },
  join_key_not_found: { form: `${P}.join_key_not_found` },
  join_key_used: { form: `${P}.join_key_used` },
  join_key_expired: { form: `${P}.join_key_expired` },
  join_key_revoked: { form: `${P}.join_key_revoked` },
  invitation_not_found: { form: `${P}.invitation_not_found` },
  password_required_to_link: { form: `${P}.password_required_to_link` },
  sign_in_to_link: { form: `${P}.sign_in_to_link` },
  id_token_replayed: { form: `${P}.id_token_replayed` },
  password_not_set: { form: `${P}.password_not_set` },
  crm_provider_unsupported: { form: `${P}.crm_provider_unsupported` },
  crm_credentials_rejected: {
    field: `${P}.crm_credentials_rejected`,
    form: `${P}.crm_credentials_rejected`,
  },
  crm_state_invalid: { form: `${P}.crm_state_invalid` },
  crm_unavailable: { form: `${P}.crm_unavailable` },
  crm_not_linked: { form: `${P}.crm_not_linked` },
  crm_needs_reauth: { form: `${P}.crm_needs_reauth` },
  crm_sync_unavailable: { form: `${P}.crm_sync_unavailable` },
  email_not_verified: { form: `${P}.email_not_verified` },
  account_not_found: { form: `${P}.account_not_found` },
  provider_not_enabled: { form: `${P}.provider_not_enabled` },
  forbidden: { form: `${P}.forbidden` },
  not_found: { form: `${P}.not_found` },
  session_not_found: { form: `${P}.session_not_found` },
  payload_too_large: { form: `${P}.payload_too_large` },
}

/** Every key the table and the wording below can answer, for the test that they exist. */
export const FORM_ERROR_KEYS = [
  ...new Set(
    Object.values(CODE_MESSAGES).flatMap(({ field, form }) => [field, form].filter(Boolean)),
  ),
  ...[
    'check_field',
    'required',
    'too_long',
    'too_short',
    'too_many',
    'number_too_small',
    'number_too_big',
    'date_out_of_range',
    'invalid_email',
    'password_common',
    'password_repeated',
    'password_is_email',
    'password_weak',
    'stage_name_repeated',
    'action_name_repeated',
    'crm_stage_id_taken',
    'list_entry_repeated',
    'invalid',
    'unknown',
    'network',
    'server',
    'rate_limited',
  ].map((key) => `${P}.${key}`),
] as string[]

const SOURCES = ['body.', 'querystring.', 'params.']

/** `body.examples.3` → `examples.3`: the form knows its fields by their body paths. */
function bodyPath(path: string): string {
  const source = SOURCES.find((prefix) => path.startsWith(prefix))
  return source ? path.slice(source.length) : path
}

/** Whether `path` is the field at `pattern` or inside it (`examples.3` is in `examples`). */
function isWithin(path: string, pattern: string): boolean {
  const segments = path.split('.')
  const wanted = pattern.split('.')
  return (
    segments.length >= wanted.length &&
    wanted.every((segment, index) => segment === '*' || segment === segments[index])
  )
}

function fieldAt<F extends string>(fields: FieldSpecs<F>, path: string): F | undefined {
  const names = Object.keys(fields) as F[]
  return names.find((name) => isWithin(path, fields[name].path ?? name))
}

/** A `weak_password` detail's reason (auth/password.ts) in the client's words. */
function passwordMessage(detail: ErrorDetail, spec: FieldSpec): ErrorMessage {
  switch (detail.code) {
    case 'too_short':
      return limitMessage('too_short', 'min', spec.minLength ?? detail.params?.min)
    case 'too_long':
      return limitMessage('too_long', 'max', spec.maxLength ?? detail.params?.max)
    case 'common':
      return { key: `${P}.password_common` }
    case 'repeated_character':
      return { key: `${P}.password_repeated` }
    case 'matches_email':
      return { key: `${P}.password_is_email` }
    default:
      return { key: `${P}.password_weak` }
  }
}

function limitMessage(
  key: 'too_short' | 'too_long',
  name: 'min' | 'max',
  limit: string | number | undefined,
): ErrorMessage {
  return typeof limit === 'number' ? { key: `${P}.${key}`, values: { [name]: limit } } : checkField
}

const numberIn = (message: string) => Number(/(\d+)/.exec(message)?.[1] ?? Number.NaN)

function tooLong(message: string, spec: FieldSpec): ErrorMessage {
  const max = spec.maxLength ?? numberIn(message)
  return Number.isFinite(max) ? { key: `${P}.too_long`, values: { max } } : checkField
}

function tooShort(message: string, spec: FieldSpec): ErrorMessage {
  const min = spec.minLength ?? numberIn(message)
  if (!Number.isFinite(min) || min <= 1) return { key: `${P}.required` }
  return { key: `${P}.too_short`, values: { min } }
}

const checkField: ErrorMessage = { key: `${P}.check_field` }

/** A number out of its range, worded from the detail's code and bound (zod's too_small, too_big). */
function numberBound(detail: ErrorDetail): ErrorMessage | undefined {
  if (detail.params?.origin !== 'number') return undefined
  const { minimum, maximum } = detail.params
  if (detail.code === 'too_small' && typeof minimum === 'number') {
    return { key: `${P}.number_too_small`, values: { min: minimum } }
  }
  if (detail.code === 'too_big' && typeof maximum === 'number') {
    return { key: `${P}.number_too_big`, values: { max: maximum } }
  }
  return undefined
}

/** A date outside the range the server stores (contracts/dates.ts), with its bounds. */
function dateBound(detail: ErrorDetail): ErrorMessage | undefined {
  const { min, max } = detail.params ?? {}
  if (detail.code !== 'date_out_of_range' || typeof min !== 'string' || typeof max !== 'string') {
    return undefined
  }
  return { key: `${P}.date_out_of_range`, values: { min, max } }
}

/** Reasons the server gives a `validation_failed` detail of its own (pipelines/stage-plan.ts). */
const DETAIL_CODE_MESSAGES: Record<string, string> = {
  stage_name_repeated: `${P}.stage_name_repeated`,
  action_name_repeated: `${P}.action_name_repeated`,
  remote_stage_id_taken: `${P}.crm_stage_id_taken`,
}

/**
 * A `validation_failed` detail in the client's words: by its reason when the server gives one,
 * else from the schema's sentence ("Too big: expected string to have <=254 characters").
 */
function validationMessage(detail: ErrorDetail, spec: FieldSpec): ErrorMessage {
  const byCode = detail.code === undefined ? undefined : DETAIL_CODE_MESSAGES[detail.code]
  if (byCode) return { key: byCode }
  const bound = numberBound(detail) ?? dateBound(detail)
  if (bound) return bound
  const { message } = detail
  if (/is required/i.test(message)) return { key: `${P}.required` }
  // A schema refinement's duplicate refusal (contracts/organisation.ts).
  if (/already in the list/i.test(message)) return { key: `${P}.list_entry_repeated` }
  if (/email/i.test(message) && /invalid/i.test(message)) return { key: `${P}.invalid_email` }
  const isList = /array|items/i.test(message)
  if (/too big|at most|<=/i.test(message)) {
    if (!isList) return tooLong(message, spec)
    const max = spec.maxItems ?? numberIn(message)
    return Number.isFinite(max) ? { key: `${P}.too_many`, values: { max } } : checkField
  }
  if (/too small|at least|>=/i.test(message) && !isList) return tooShort(message, spec)
  return checkField
}

function rateLimited(error: HttpError): ErrorMessage {
  const count = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60))
  return { key: `${P}.rate_limited`, values: { count } }
}

/**
 * Turns a failed request into messages under the form's fields (from the error's code and
 * details' paths) and, for what concerns no field, one banner. The server's sentences are
 * never shown: every message is a translation key.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: FieldSpecs<F>,
): ServerFieldErrors<F> {
  if (!(error instanceof HttpError)) return { fieldErrors: {}, formError: { key: `${P}.network` } }
  if (error.status === 429 || error.code === 'rate_limited') {
    return { fieldErrors: {}, formError: rateLimited(error) }
  }
  const known = CODE_MESSAGES[error.code]
  const fieldErrors: Partial<Record<F, ErrorMessage>> = {}
  let unplaced = false
  for (const detail of error.details) {
    const field = fieldAt(fields, bodyPath(detail.path))
    if (field === undefined) {
      unplaced = true
      continue
    }
    if (fieldErrors[field]) continue
    const spec = fields[field]
    fieldErrors[field] = known?.field
      ? { key: known.field }
      : error.code === 'weak_password'
        ? passwordMessage(detail, spec)
        : error.code === 'validation_failed'
          ? validationMessage(detail, spec)
          : checkField
  }
  if (error.details.length === 0 && known?.field && known.path) {
    const field = fieldAt(fields, known.path)
    if (field !== undefined) fieldErrors[field] = { key: known.field }
  }
  if (Object.keys(fieldErrors).length > 0 && !unplaced) return { fieldErrors }
  if (Object.keys(fieldErrors).length > 0)
    return { fieldErrors, formError: { key: `${P}.invalid` } }
  if (known?.form) return { fieldErrors, formError: { key: known.form } }
  if (error.status >= 500) return { fieldErrors, formError: { key: `${P}.server` } }
  if (error.code === 'validation_failed' || error.code === 'weak_password') {
    return { fieldErrors, formError: { key: `${P}.invalid` } }
  }
  return { fieldErrors, formError: { key: `${P}.unknown` } }
}

/**
 * One message for a failure shown where there is no form to place it in (a toast): the first
 * field's message, else the banner's. `undefined` when the form's own "try again" says it better.
 */
export function serverErrorMessage<F extends string>(
  error: unknown,
  fields: FieldSpecs<F>,
): ErrorMessage | undefined {
  const { fieldErrors, formError } = serverFieldErrors(error, fields)
  const [first] = Object.values<ErrorMessage | undefined>(fieldErrors)
  if (first) return first
  if (formError?.key === `${P}.unknown` || formError?.key === `${P}.server`) return undefined
  return formError
}

/**
 * The server's details with this reason code (`stage_has_deals`), for a message that names what
 * their params say (which stage, how many deals); none for any other failure.
 */
export function detailsWithCode(error: unknown, code: string): readonly ErrorDetail[] {
  return error instanceof HttpError ? error.details.filter((detail) => detail.code === code) : []
}
