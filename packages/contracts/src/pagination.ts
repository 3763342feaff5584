import { z } from 'zod'

/** Pages count from 1; far pages are refused rather than scanned. */
export const MAX_PAGE = 100_000
/** No list answers more rows than this in one page (spec §9's largest is 999). */
export const MAX_PAGE_SIZE = 1000

/** Spec §5: an empty (`?page=`) or null query parameter is skipped, as if it were not sent. */
export const blankToUndefined = (value: unknown) =>
  value === '' || value === null ? undefined : value

/** An optional query parameter that a blank value leaves out (spec §5). */
export const optionalParameter = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional())

/** A page number in a query string: coerced, from 1. */
export const pageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE)

/** A list's `page`: 1 when absent or blank. */
export const pageSchema = z
  .preprocess(blankToUndefined, pageNumberSchema.default(1))
  .describe('Page number, from 1 (default 1)')

/** A page size in a query string, with the list's own default (spec §9) when absent or blank. */
export const pageSizeSchema = (fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(fallback),
  )

const optionalPageNumber = z.preprocess(blankToUndefined, pageNumberSchema.optional())

/** Lists answer `{ models, pagination }` (DESIGN §5). */
export const paginationSchema = z
  .object({
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int().describe('Rows in the whole list, not only this page'),
  })
  .meta({ id: 'Pagination' })

export type Pagination = z.infer<typeof paginationSchema>

/** `{ models: T[], pagination }`, the answer of every list but the deals list. */
export const listResponseSchema = <T extends z.ZodType>(model: T) =>
  z.object({ models: z.array(model), pagination: paginationSchema })

/**
 * `page` and `page_size`, plus `pages`: the spec's client asks `?pages&page_size` for pipelines,
 * so `pages` is accepted as an alias of `page`; both with different values is a 400 on `pages`.
 */
export const pageQueryWithAliasSchema = (defaultSize: number, what: string) =>
  z
    .object({
      page: optionalPageNumber.describe('Page number, from 1 (default 1)'),
      pages: optionalPageNumber.describe('Alias of page, as the spec’s client sends it'),
      page_size: pageSizeSchema(defaultSize).describe(
        `${what} per page, 1–${MAX_PAGE_SIZE} (default ${defaultSize})`,
      ),
    })
    .superRefine((query, context) => {
      if (query.page !== undefined && query.pages !== undefined && query.page !== query.pages) {
        context.addIssue({
          code: 'custom',
          path: ['pages'],
          message: 'must equal page when both are given',
        })
      }
    })
    .transform(({ page, pages, page_size }) => ({ page: page ?? pages ?? 1, page_size }))
