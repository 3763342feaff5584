import { z } from 'zod'
import { currentPasswordSchema, emailSchema, newPasswordSchema } from './auth.js'
import { SUPPORTED_LANGUAGES, supportedLanguageOf, UNSUPPORTED_LANGUAGE } from './languages.js'
import {
  listResponseSchema,
  pageSchema as pageNumber,
  pageSizeSchema as pageSize,
} from './pagination.js'

export const userRoleSchema = z.enum(['admin', 'member'])

/**
 * A UI language the app has translations for (languages.ts), stored as its language: a regional
 * code maps to it (spec §1: en-gb → en). Another language is refused with `unsupported_language`.
 */
export const languageSchema = z
  .string()
  .max(20)
  .refine((value) => supportedLanguageOf(value) !== undefined, {
    message: `must be one of ${SUPPORTED_LANGUAGES.join(', ')} (a regional code such as en-gb is its language)`,
    params: { code: UNSUPPORTED_LANGUAGE, supported: SUPPORTED_LANGUAGES.join(', ') },
  })
  .transform((value) => supportedLanguageOf(value) ?? value)

const personName = z.string().trim().min(1, 'is required').max(100)

export const meResponseSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    role: userRoleSchema,
    language: z.string(),
    organisation: z.object({ id: z.uuid(), name: z.string() }),
  })
  .meta({ id: 'Me' })

export const updateMeBodySchema = z.object({
  first_name: personName.optional(),
  last_name: personName.optional(),
  language: languageSchema.optional(),
})

export const changePasswordBodySchema = z.object({
  current_password: currentPasswordSchema,
  new_password: newPasswordSchema,
})

export const dealOwnersQuerySchema = z.object({
  page: pageNumber,
  per_page: pageSize(100).describe('Deal owners per page, 1–1000 (default 100)'),
})

export const dealOwnerSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
})

export const dealOwnersResponseSchema = listResponseSchema(dealOwnerSchema)

export const usersQuerySchema = z.object({
  page: pageNumber,
  page_size: pageSize(100).describe('Users per page, 1–1000 (default 100)'),
})

export const teamMemberSchema = dealOwnerSchema.extend({ role: userRoleSchema })

export const usersResponseSchema = listResponseSchema(teamMemberSchema)

export const invitationBodySchema = z.object({
  email: emailSchema,
  first_name: personName,
  last_name: personName,
  role: userRoleSchema.default('member'),
})

export const invitationResponseSchema = z.object({
  status: z
    .enum(['sent', 'renewed'])
    .describe(
      'renewed: the address had a pending invitation; it was sent again with a new link, and the earlier link no longer works',
    ),
  email: z.string(),
  role: userRoleSchema,
  expires_at: z.iso.datetime(),
})

export const invitationsQuerySchema = z.object({
  page: pageNumber,
  page_size: pageSize(100).describe('Invitations per page, 1–1000 (default 100)'),
})

/** An invitation whose join link still works: not used, not revoked, not expired. */
export const pendingInvitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: userRoleSchema,
  invited_by: z
    .object({ id: z.uuid(), first_name: z.string(), last_name: z.string() })
    .nullable()
    .describe('Null when the inviter no longer has an account'),
  created_at: z.iso.datetime(),
  expires_at: z.iso.datetime(),
})

export const invitationsResponseSchema = listResponseSchema(pendingInvitationSchema)

export const invitationParamsSchema = z.object({ id: z.uuid() })

export type UserRole = z.infer<typeof userRoleSchema>
export type MeResponse = z.infer<typeof meResponseSchema>
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>
export type DealOwnersQuery = z.infer<typeof dealOwnersQuerySchema>
export type DealOwner = z.infer<typeof dealOwnerSchema>
export type DealOwnersResponse = z.infer<typeof dealOwnersResponseSchema>
export type UsersQuery = z.infer<typeof usersQuerySchema>
export type TeamMember = z.infer<typeof teamMemberSchema>
export type UsersResponse = z.infer<typeof usersResponseSchema>
export type InvitationBody = z.infer<typeof invitationBodySchema>
export type InvitationResponse = z.infer<typeof invitationResponseSchema>
export type InvitationsQuery = z.infer<typeof invitationsQuerySchema>
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>
export type InvitationsResponse = z.infer<typeof invitationsResponseSchema>
