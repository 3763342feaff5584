import * as z from 'zod/mini'

/** Spec §5: `page` is coerced to a number and defaults to 1. */
export const pageSearchParam = z.catch(
  z.optional(z.coerce.number().check(z.int(), z.minimum(1))),
  1,
)

/** An optional text parameter; anything that is not a non-empty string is dropped. */
export const textSearchParam = z.catch(z.optional(z.string().check(z.minLength(1))), undefined)
