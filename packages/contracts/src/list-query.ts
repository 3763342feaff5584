import { z } from 'zod'
import { blankToUndefined } from './pagination.js'

/**
 * DESIGN §5's filter grammar: `field.op=value`. Arrays are comma-separated, empty values are
 * ignored (spec §5), and a dotted key that names an unknown field or operator is refused with a
 * message naming it. Each resource declares which fields it filters on and with which operators.
 */
export const FILTER_OPERATORS = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'ilike'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

export interface FilterField {
  /** The schema of one value (for `in`, of each list entry). */
  value: z.ZodType
  operators: readonly FilterOperator[]
}

export type FilterFields = Readonly<Record<string, FilterField>>

/** One condition of a list query, e.g. `{ field: 'close_date', operator: 'gte', value: '2026-01-01' }`. */
export interface FilterClause {
  field: string
  operator: FilterOperator
  value: unknown
}

/** Text trimmed and lower-cased; anything else as it is, for its schema to refuse. */
const lowerCaseText = (value: unknown) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value

/**
 * An enum in a query string, read in any case (`statuses=OPEN`, `direction=Desc`), as
 * `engagement_type` is: it parses to the enum's own lower-case spelling, and answers keep that.
 * The values must be lower-case.
 */
export const queryEnum = <const T extends readonly string[]>(values: T) =>
  z.preprocess(lowerCaseText, z.enum(values))

/** `ilike` matches a substring; very long patterns only cost the database. */
const ILIKE_MAX = 200

/** `a,b` and repeated keys (`?k=a&k=b`) both become `['a', 'b']`; blank entries are dropped. */
const commaList = (value: unknown): unknown[] | undefined => {
  const entries: unknown[] = Array.isArray(value) ? value : [value]
  const kept = entries
    .flatMap((entry) =>
      typeof entry === 'string' ? entry.split(',').map((part) => part.trim()) : [entry],
    )
    .filter((entry) => entry !== '' && entry !== undefined && entry !== null)
  return kept.length > 0 ? kept : undefined
}

function operandSchema(field: FilterField, operator: FilterOperator): z.ZodType {
  if (operator === 'in') return z.preprocess(commaList, z.array(field.value).min(1).optional())
  if (operator === 'ilike') {
    return z.preprocess(blankToUndefined, z.string().trim().min(1).max(ILIKE_MAX).optional())
  }
  return z.preprocess(blankToUndefined, field.value.optional())
}

/** The query-string keys the fields accept (`close_date.gte`, …), each validated. */
export function filterShape(fields: FilterFields): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) =>
      field.operators.map((operator) => [`${name}.${operator}`, operandSchema(field, operator)]),
    ),
  )
}

/** Why a dotted query key is not a filter of this resource, or undefined when it is one. */
export function unknownFilterProblem(fields: FilterFields, key: string): string | undefined {
  const dot = key.lastIndexOf('.')
  if (dot === -1) return undefined
  const name = key.slice(0, dot)
  const operator = key.slice(dot + 1)
  const field = fields[name]
  if (!field) {
    return `unknown filter field "${name}"; filter on ${Object.keys(fields).join(', ') || 'nothing'}`
  }
  if (!field.operators.includes(operator as FilterOperator)) {
    return `unknown operator "${operator}" for ${name}; use ${field.operators.join(', ')}`
  }
  return undefined
}

/**
 * A list's query-string schema: its own parameters (`page`, `includes`, …) plus the filters.
 * Other undotted parameters are let through, as clients add cache busters; dotted ones must be
 * filters this resource knows.
 */
export function listQuerySchema<Shape extends z.ZodRawShape>(
  fields: FilterFields,
  parameters: Shape,
) {
  return z.looseObject({ ...filterShape(fields), ...parameters }).superRefine((query, context) => {
    for (const key of Object.keys(query)) {
      if (key in parameters) continue
      const problem = unknownFilterProblem(fields, key)
      if (problem) context.addIssue({ code: 'custom', path: [key], message: problem })
    }
  })
}

/** The filters present in a parsed query, in the order the fields were declared. */
export function filterClauses(
  fields: FilterFields,
  query: Record<string, unknown>,
): FilterClause[] {
  return Object.entries(fields).flatMap(([field, spec]) =>
    spec.operators.flatMap((operator) => {
      const value = query[`${field}.${operator}`]
      return value === undefined ? [] : [{ field, operator, value }]
    }),
  )
}
