/**
 * What services throw (DESIGN §3.5): errors in the domain's words, with no HTTP in them.
 * `plugins/errors.ts` maps each kind to its status code and the one error body.
 */

/**
 * A problem with one field of the caller's input. `field` is the dotted path inside that input
 * (`email`, `stages.2.name`); empty for the input as a whole.
 */
export interface FieldProblem {
  field: string
  message: string
  /** A stable reason under the error's code (`too_short` under `weak_password`), for clients. */
  code?: string
  /** What the reason is about (`{ min: 12 }`), so a client can word it in its own language. */
  params?: Readonly<Record<string, string | number>>
}

/** Where the offending input came from; the error body's paths start with it. */
export type InputSource = 'body' | 'querystring' | 'params'

export abstract class DomainError extends Error {
  abstract readonly kind:
    | 'not_found'
    | 'conflict'
    | 'invalid'
    | 'forbidden'
    | 'unauthenticated'
    | 'gone'
    | 'rate_limited'
    | 'not_implemented'
    | 'upstream_unavailable'
    | 'payload_too_large'
    | 'unsupported_media_type'

  constructor(
    /** Stable machine-readable code, e.g. `stage_has_deals`. */
    readonly code: string,
    message: string,
    readonly problems: readonly FieldProblem[] = [],
    readonly source: InputSource = 'body',
  ) {
    super(message)
  }
}

/** The record does not exist, or belongs to another organisation (which must look the same). */
export class NotFound extends DomainError {
  override name = 'NotFound'
  readonly kind = 'not_found'

  constructor(what: string, code = 'not_found', message = `${what} not found`) {
    super(code, message)
  }
}

/** The request is valid but clashes with what is stored (a taken name, a stage that has deals). */
export class Conflict extends DomainError {
  override name = 'Conflict'
  readonly kind = 'conflict'

  constructor(
    code: string,
    message: string,
    problems: readonly FieldProblem[] = [],
    source: InputSource = 'body',
  ) {
    super(code, message, problems, source)
  }
}

/**
 * The input breaks a rule its schema alone cannot check. Unless a message is given, it is built
 * from the problems, the same way as for a schema validation failure.
 */
export class Invalid extends DomainError {
  override name = 'Invalid'
  readonly kind = 'invalid'

  constructor(
    problems: readonly FieldProblem[],
    options: { code?: string; message?: string; source?: InputSource } = {},
  ) {
    const source = options.source ?? 'body'
    super(
      options.code ?? 'validation_failed',
      options.message ?? describeProblems(problems.map((problem) => toDetail(source, problem))),
      problems,
      source,
    )
  }
}

/** A 400 about one field: `invalidField('email', 'is taken', 'email_taken')`. */
export const invalidField = (field: string, message: string, code?: string) =>
  new Invalid([{ field, message }], { code })

/** The caller is signed in but their role does not allow this. */
export class Forbidden extends DomainError {
  override name = 'Forbidden'
  readonly kind = 'forbidden'

  constructor(message = 'You are not allowed to do this.', code = 'forbidden') {
    super(code, message)
  }
}

/** Credentials, a session or an identity token that do not prove who the caller is. */
export class Unauthenticated extends DomainError {
  override name = 'Unauthenticated'
  readonly kind = 'unauthenticated'
}

/** Something that existed and is used up for good (a join key already used, or expired). */
export class Gone extends DomainError {
  override name = 'Gone'
  readonly kind = 'gone'
}

/** ASVS 2.2.1: too many attempts; the caller may try again after `retryAfterSeconds`. */
export class RateLimited extends DomainError {
  override name = 'RateLimited'
  readonly kind = 'rate_limited'

  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', `Too many attempts. Try again in ${describeWait(retryAfterSeconds)}.`)
  }
}

/** A capability this installation does not have (e.g. a CRM provider that is not installed). */
export class NotImplemented extends DomainError {
  override name = 'NotImplemented'
  readonly kind = 'not_implemented'
}

/** A service we depend on (an identity provider, a CRM) could not be reached; try again later. */
export class UpstreamUnavailable extends DomainError {
  override name = 'UpstreamUnavailable'
  readonly kind = 'upstream_unavailable'
}

/** The upload is larger than the route accepts (a file over its size limit). */
export class PayloadTooLarge extends DomainError {
  override name = 'PayloadTooLarge'
  readonly kind = 'payload_too_large'
}

/** The upload is of a kind the route cannot read (a file with an unknown extension). */
export class UnsupportedMediaType extends DomainError {
  override name = 'UnsupportedMediaType'
  readonly kind = 'unsupported_media_type'
}

/** The error body's form of a problem: its path starts with where the input came from. */
export function toDetail(source: InputSource, problem: FieldProblem) {
  return {
    path: problem.field ? `${source}.${problem.field}` : source,
    message: problem.message,
    ...(problem.code === undefined ? {} : { code: problem.code }),
    ...(problem.params === undefined ? {} : { params: { ...problem.params } }),
  }
}

/**
 * A schema refinement's own reason, when it names one (a zod `custom` issue whose params hold a
 * `code`): the shared date schemas (contracts/dates.ts) give `{ code: 'date_out_of_range', min,
 * max }`, for the client to word the problem from the code, never from the message.
 */
export function refinementReason(
  issueCode: string,
  issueParams: unknown,
): Pick<FieldProblem, 'code' | 'params'> {
  if (issueCode !== 'custom' || typeof issueParams !== 'object' || issueParams === null) return {}
  const { code, ...rest } = issueParams as Record<string, unknown>
  if (typeof code !== 'string') return {}
  const params = Object.fromEntries(
    Object.entries(rest).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  )
  return { code, params }
}

/**
 * One sentence for a list of field problems, used for schema validation failures and `Invalid`
 * alike: the first problem with its path, and how many more there are.
 */
export function describeProblems(details: readonly { path: string; message: string }[]): string {
  const [first] = details
  if (!first) return 'The request is invalid.'
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : ''
  // A problem with the input as a whole has no field to name.
  if (!first.path.includes('.')) return `${capitalise(first.message)}.${more}`
  return `${first.path}: ${first.message}${more}`
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.ceil(seconds))} seconds`
  return `${Math.ceil(seconds / 60)} minutes`
}

/** A field path from its parts, leaving out empty ones: `fieldPath('', 2, 'name')` is `2.name`. */
export function fieldPath(...parts: readonly (string | number)[]): string {
  return parts.filter((part) => part !== '').join('.')
}
