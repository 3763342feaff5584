import { z } from 'zod'
import { ORGANISATION_NAME_MAX_LENGTH, PRODUCT_LIMITS } from './limits.js'

/**
 * A list of short texts: each entry trimmed, blank ones dropped (as spec §5 does for objection
 * examples). The limit counts the entries sent, so an entry's error path is its index in the body.
 * An entry may not repeat an earlier one, compared in any case.
 */
const textList = (what: string) =>
  z
    .array(z.string().trim().max(PRODUCT_LIMITS.listEntry))
    .max(PRODUCT_LIMITS.listEntries)
    .superRefine((entries, context) => {
      const seen = new Set<string>()
      entries.forEach((entry, index) => {
        const key = entry.toLocaleLowerCase()
        if (key.length === 0) return
        if (seen.has(key)) {
          context.addIssue({ code: 'custom', path: [index], message: 'is already in the list' })
        }
        seen.add(key)
      })
    })
    .transform((entries) => entries.filter((entry) => entry.length > 0))
    .describe(
      `${what}: at most ${PRODUCT_LIMITS.listEntries} entries of ${PRODUCT_LIMITS.listEntry} characters; blank entries are dropped`,
    )

/** The organisation's product profile, as `GET` and `PUT /v1/organisation/product` answer it. */
export const productProfileSchema = z
  .object({
    name: z.string().describe('The product’s name (not the organisation’s)'),
    description: z.string(),
    value_propositions: z.array(z.string()),
    differentiators: z.array(z.string()),
    ideal_customer_profile: z.string(),
    competitors: z.array(z.string()),
  })
  .meta({ id: 'ProductProfile' })

/** `PUT /v1/organisation/product`: the whole profile; texts are trimmed. */
export const productProfileBodySchema = z.object({
  name: z.string().trim().max(PRODUCT_LIMITS.name).describe('The product’s name'),
  description: z.string().trim().max(PRODUCT_LIMITS.text),
  value_propositions: textList('Value propositions'),
  differentiators: textList('Differentiators'),
  ideal_customer_profile: z.string().trim().max(PRODUCT_LIMITS.text),
  competitors: textList('Competitors'),
})

export type ProductProfile = z.infer<typeof productProfileSchema>
/** The body as the server sees it after parsing: trimmed, blank list entries dropped. */
export type ProductProfileBody = z.output<typeof productProfileBodySchema>
/** The body as a client may send it. */
export type ProductProfileBodyInput = z.input<typeof productProfileBodySchema>

/** The caller's organisation (workspace), as `GET` and `PATCH /v1/organisation` answer it. */
export const organisationSchema = z
  .object({ id: z.uuid(), name: z.string().describe('The workspace’s name, shown to its members') })
  .meta({ id: 'Organisation' })

/** `PATCH /v1/organisation`: renames the workspace (admins only). */
export const updateOrganisationBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'must not be blank')
    .max(ORGANISATION_NAME_MAX_LENGTH)
    .describe('The workspace’s new name'),
})

export type Organisation = z.infer<typeof organisationSchema>
export type UpdateOrganisationBody = z.infer<typeof updateOrganisationBodySchema>
