import { stripSearchParams } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { parseIsoDate } from './dates/iso-date'
import { PERIODS } from './dates/periods'

// Search params parse to typed values; a value that does not fit is dropped (or defaulted), never
// an error page: URLs are typed and shared by people.

/** Spec §5: `page` is coerced to a number and defaults to 1. */
export const pageSearchParam = z.catch(
  z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1),
  1,
)

// The router reads `?q=2024` as the number 2024 (it JSON-parses values): text is text either way.
const text = z.pipe(z.union([z.string(), z.number(), z.boolean()]), z.transform(String))

/** An optional text parameter; an empty value is dropped. */
export const textSearchParam = z.catch(
  z.optional(z.pipe(text, z.string().check(z.minLength(1)))),
  undefined,
)

// The router validates a search again once parsed (on navigation), so a list already read as an
// array must read the same.
const listText = z.union([
  text,
  z.pipe(
    z.array(z.union([z.string(), z.number()])),
    z.transform((items) => items.join(',')),
  ),
])

/** Spec §9: a comma-separated list; empty entries, and an empty list, are dropped. */
export const listSearchParam = z.catch(
  z.optional(
    z.pipe(
      listText,
      z.transform((value) => {
        const items = value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
        return items.length > 0 ? items : undefined
      }),
    ),
  ),
  undefined,
)

/** One of the period presets of spec §9 (or custom). */
export const periodSearchParam = z.catch(z.optional(z.enum(PERIODS)), undefined)

/** A calendar date as yyyy-MM-dd. */
export const isoDateSearchParam = z.catch(
  z.optional(z.string().check(z.refine((value) => parseIsoDate(value) !== null))),
  undefined,
)

/** A paged list's search: the page (spec §5) and an optional text search. */
export const pagedListSearch = z.looseObject({ page: pageSearchParam, search: textSearchParam })

/** Page 1 is the default, so a link to it leaves `page` out of the URL. */
export const pagedListSearchMiddlewares = [
  stripSearchParams<z.output<typeof pagedListSearch>>({ page: 1 }),
]
