import { z } from 'zod'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.js'

/** Lifetime of an access token, in seconds (DESIGN §5). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60

/** Name of the httpOnly cookie that carries the refresh token (path `/auth`). */
export const REFRESH_COOKIE_NAME = 'refresh_token'

const codePoints = (value: string) => [...value].length

/**
 * A new password. Only length is checked here (ASVS 2.1.9: no composition rules); the server also
 * refuses the most common passwords.
 */
export const newPasswordSchema = z
  .string()
  .refine(
    (value) => codePoints(value) >= PASSWORD_MIN_LENGTH,
    `must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  )
  .refine(
    (value) => codePoints(value) <= PASSWORD_MAX_LENGTH,
    `must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  )
  .describe(
    `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; common passwords are refused`,
  )

/** A password being checked, never truncated; the upper bound only stops oversized bodies. */
export const currentPasswordSchema = z.string().min(1, 'is required').max(1024)

export const emailSchema = z.email().max(254)

const personName = z.string().trim().min(1, 'is required').max(100)

export const socialProviderSchema = z.enum(['google', 'microsoft'])

/** Answer of every call that signs the user in; the refresh token travels in a cookie. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().describe('Seconds until the access token expires'),
  })
  .meta({ id: 'TokenResponse' })

/** The claims of the access token (a JWT, HS256). */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().describe('User id'),
  organisation: z.string().describe('Organisation id'),
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(['admin', 'member']),
  sid: z.string().describe('Session (refresh-token family) id'),
  iat: z.number(),
  exp: z.number(),
})

/** "Keep me signed in": the longer session limits of ADR 0018; absent or null = false. */
const keepSignedIn = z
  .boolean()
  .nullish()
  .describe('Keep me signed in: longer idle and absolute session limits (default false)')

export const emailLoginBodySchema = z.object({
  email: emailSchema,
  password: currentPasswordSchema,
  keep_signed_in: keepSignedIn,
})

export const emailRegistrationBodySchema = z.object({
  email: emailSchema,
  firstname: personName,
  lastname: personName,
  // Optional fields also accept null: clients may send every field of the form.
  is_perform_registration: z.boolean().nullish(),
  source: z.string().max(100).nullish(),
})

export const registrationSentResponseSchema = z.object({ status: z.literal('sent') })

export const joinKeyParamsSchema = z.object({ joinkey: z.string().max(256) })

export const registrationDetailsResponseSchema = z.object({
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  organisation_name: z
    .string()
    .nullable()
    .describe('The inviting organisation; null for a plain sign-up'),
})

export const confirmRegistrationBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  joinkey: z.string().min(1, 'is required').max(256),
  is_perform_registration: z.boolean().nullish(),
  /** Overrides the names given at registration when present. */
  firstname: personName.nullish(),
  lastname: personName.nullish(),
})

export const passwordResetBodySchema = z.object({ email: emailSchema })

/** The same answer whether or not the address has an account (no enumeration). */
export const passwordResetSentResponseSchema = z.object({ status: z.literal('sent') })

export const passwordResetConfirmBodySchema = z.object({
  token: z.string().min(1, 'is required').max(256).describe('The token from the e-mailed link'),
  password: newPasswordSchema,
})

export const socialAuthBodySchema = z.object({
  provider: socialProviderSchema,
  token: z.string().min(1, 'is required').max(16_384).describe('The provider ID token (a JWT)'),
  password: currentPasswordSchema
    .optional()
    .describe(
      'The password of the existing account with this e-mail address, to link the identity to it (asked for after 409 password_required_to_link)',
    ),
  keep_signed_in: keepSignedIn,
})

const providerSettings = z.object({ client_id: z.string() }).nullable()

export const authProvidersResponseSchema = z.object({
  google: providerSettings,
  microsoft: providerSettings,
})

export type SocialProvider = z.infer<typeof socialProviderSchema>
export type TokenResponse = z.infer<typeof tokenResponseSchema>
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>
export type EmailLoginBody = z.infer<typeof emailLoginBodySchema>
export type EmailRegistrationBody = z.infer<typeof emailRegistrationBodySchema>
export type RegistrationSentResponse = z.infer<typeof registrationSentResponseSchema>
export type RegistrationDetailsResponse = z.infer<typeof registrationDetailsResponseSchema>
export type ConfirmRegistrationBody = z.infer<typeof confirmRegistrationBodySchema>
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>
export type PasswordResetSentResponse = z.infer<typeof passwordResetSentResponseSchema>
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>
export type SocialAuthBody = z.infer<typeof socialAuthBodySchema>
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>
