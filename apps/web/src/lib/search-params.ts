import { stripSearchParams } from '@tanstack/react-router'
import { parseIsoDate } from './dates/iso-date'
import { type Period, PERIODS } from './dates/period-names'

// Search params parse to typed values; a value that does not fit is dropped (or defaulted), never
// an error page: URLs are typed and shared by people. Written without a schema library: the router
// reads every route's search on every page, the sign-in page included (DESIGN §7, ≤ 150 KB of JS).

/**
 * Reads one search value from whatever the URL holds: the value, or the fallback when it does not
 * fit. `TInput` is what a link may pass for it (types only).
 */
export type SearchParam<TInput, TOutput> = ((value: unknown) => TOutput) & {
  readonly '~input'?: TInput
}

type AnySearchParam = SearchParam<unknown, unknown>
type InputOf<P> = P extends SearchParam<infer TInput, unknown> ? TInput : never
type OutputOf<P> = P extends (value: unknown) => infer TOutput ? TOutput : never
type OptionalKeys<T> = { [K in keyof T]: undefined extends T[K] ? K : never }[keyof T]
/** Keys that may be undefined are optional, as a schema library would type them. */
type WithOptionalKeys<T> = { [K in Exclude<keyof T, OptionalKeys<T>>]: T[K] } & {
  [K in OptionalKeys<T>]?: T[K]
}
type Flatten<T> = { [K in keyof T]: T[K] }

type Shape = Record<string, AnySearchParam>
type ShapeOutput<S extends Shape> = Flatten<WithOptionalKeys<{ [K in keyof S]: OutputOf<S[K]> }>>
type ShapeInput<S extends Shape> = { [K in keyof S]?: InputOf<S[K]> }

/** A route's search validator, in the router's adapter form: what links pass in, what pages read. */
export interface SearchSchema<TInput, TOutput> {
  types: { input: TInput; output: TOutput }
  parse: (input: unknown) => TOutput
}

/** What a search validator gives the page. */
export type SearchOutput<T> = T extends SearchSchema<unknown, infer TOutput> ? TOutput : never

function record(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
}

/**
 * `search` with each of the shape's keys read by its parameter. A key the URL has but that reads as
 * nothing stays, as undefined: the router lays a route's search over its parent's, unvalidated one.
 */
function parseShape(shape: Shape, search: Record<string, unknown>, keepOthers: boolean) {
  const parsed: Record<string, unknown> = keepOthers ? { ...search } : {}
  for (const [key, param] of Object.entries(shape)) {
    const value = param(search[key])
    if (value !== undefined || key in search) parsed[key] = value
  }
  return parsed
}

/** A search of the named keys only: any other key is dropped. */
export function searchSchema<S extends Shape>(
  shape: S,
): SearchSchema<ShapeInput<S>, ShapeOutput<S>> {
  return {
    types: undefined as never,
    parse: (input) => parseShape(shape, record(input), false) as ShapeOutput<S>,
  }
}

/** A search of the named keys that keeps any other key as it is (filters of other pages). */
export function looseSearchSchema<S extends Shape>(
  shape: S,
): SearchSchema<ShapeInput<S> & Record<string, unknown>, ShapeOutput<S> & Record<string, unknown>> {
  return {
    types: undefined as never,
    parse: (input) =>
      parseShape(shape, record(input), true) as ShapeOutput<S> & Record<string, unknown>,
  }
}

// The router reads `?q=2024` as the number 2024 (it JSON-parses values): text is text either way.
function text(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined
}

/** Spec §5: `page` is coerced to a number and defaults to 1. */
export const pageSearchParam: SearchParam<number | string | undefined, number> = (value) => {
  const page = Number(value ?? 1)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/** An optional text parameter; an empty value is dropped. */
export const textSearchParam: SearchParam<
  string | number | boolean | undefined,
  string | undefined
> = (value) => text(value) || undefined

/** An optional parameter that must already be a string (an opaque code, say). */
export const stringSearchParam: SearchParam<string | undefined, string | undefined> = (value) =>
  typeof value === 'string' ? value : undefined

/** Spec §9: a comma-separated list; empty entries, and an empty list, are dropped. */
export const listSearchParam: SearchParam<
  string | number | boolean | readonly (string | number)[] | undefined,
  string[] | undefined
> = (value) => {
  // The router validates a search again once parsed (on navigation), so a list already read as an
  // array must read the same.
  const joined = Array.isArray(value)
    ? value.every((item) => typeof item === 'string' || typeof item === 'number')
      ? value.join(',')
      : undefined
    : text(value)
  const items = (joined ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  return items.length > 0 ? items : undefined
}

/** One of `values`, or undefined for anything else. */
export function enumSearchParam<const T extends string>(
  values: readonly T[],
): SearchParam<T | undefined, T | undefined> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : undefined)
}

/** One of `values`, or `fallback` for anything else (or nothing). */
export function enumSearchParamOr<const T extends string>(
  values: readonly T[],
  fallback: NoInfer<T>,
): SearchParam<T | undefined, T> {
  const read = enumSearchParam(values)
  return (value) => read(value) ?? fallback
}

/** A string that matches `pattern`, or undefined. */
export function patternSearchParam(
  pattern: RegExp,
): SearchParam<string | undefined, string | undefined> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? value : undefined)
}

/** One of the period presets of spec §9 (or custom). */
export const periodSearchParam: SearchParam<Period | undefined, Period | undefined> =
  enumSearchParam(PERIODS)

/** A calendar date as yyyy-MM-dd. */
export const isoDateSearchParam: SearchParam<string | undefined, string | undefined> = (value) =>
  typeof value === 'string' && parseIsoDate(value) !== null ? value : undefined

/** A paged list's search: the page (spec §5) and an optional text search. */
export const pagedListSearch = looseSearchSchema({
  page: pageSearchParam,
  search: textSearchParam,
})

/** Page 1 is the default, so a link to it leaves `page` out of the URL. */
export const pagedListSearchMiddlewares = [
  stripSearchParams<SearchOutput<typeof pagedListSearch>>({ page: 1 }),
]
