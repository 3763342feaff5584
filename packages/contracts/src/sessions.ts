import { z } from 'zod'
import { queryEnum } from './list-query.js'

/** One signed-in session of the caller: a refresh-token family (ADR 0018). */
export const userSessionSchema = z
  .object({
    id: z.uuid().describe('The session id (the access token’s `sid`)'),
    created_at: z.iso.datetime().describe('When it signed in'),
    last_used_at: z.iso.datetime().describe('When it last signed in or renewed its access token'),
    expires_at: z.iso
      .datetime()
      .describe('When it ends unless renewed before (idle or absolute limit, the earlier)'),
    device: z
      .string()
      .nullable()
      .describe('Browser and system read from the User-Agent, e.g. "Chrome on Windows"'),
    ip: z.string().nullable().describe('The address it last came from, as the server sees it'),
    keep_signed_in: z.boolean().describe('Signed in with "Keep me signed in"'),
    current: z.boolean().describe('The session making this request'),
  })
  .meta({ id: 'UserSession' })

/** Few enough per user to answer whole: live sessions only, the current one first. */
export const userSessionsResponseSchema = z.object({ models: z.array(userSessionSchema) })

export const userSessionParamsSchema = z.object({
  id: z.uuid({ error: 'must be a session id' }),
})

export const endSessionsQuerySchema = z.object({
  include_current: queryEnum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Also end the session making this request (default false)'),
})

export const endedSessionsResponseSchema = z.object({
  ended: z.number().int().describe('How many sessions were ended'),
})

export type UserSession = z.infer<typeof userSessionSchema>
export type UserSessionsResponse = z.infer<typeof userSessionsResponseSchema>
export type EndedSessionsResponse = z.infer<typeof endedSessionsResponseSchema>
