import { z } from 'zod'
import { dateTimeSchema } from './dates.js'

/** The largest file an upload may carry (spec: 10 MB). */
export const ENGAGEMENT_FILE_MAX_BYTES = 10 * 1024 * 1024

/** The file name endings an upload may have: transcripts, and e-mails as .eml. */
export const ENGAGEMENT_FILE_EXTENSIONS = ['.vtt', '.srt', '.txt', '.eml'] as const

export const engagementKindSchema = z.enum(['transcript', 'email', 'meeting', 'note'])
export const speakerRoleSchema = z.enum(['seller', 'buyer', 'unknown'])
export const engagementDirectionSchema = z.enum(['inbound', 'outbound'])

/** `{"<speaker>": "seller"|"buyer"}`: the roles the uploader confirmed; they win over matching. */
export const speakerRolesSchema = z
  .record(z.string().min(1), speakerRoleSchema)
  .describe('Each speaker’s role as the uploader confirmed it; wins over name matching')

export const dealEngagementsParamsSchema = z.object({
  id: z.uuid().describe('The deal’s id'),
})

export const engagementParamsSchema = z.object({
  id: z.uuid().describe('The engagement’s id'),
})

export const engagementQuerySchema = z.object({
  engagement_type: z
    .string()
    .max(50)
    .optional()
    .describe(
      'The type the caller expects (spec §3: transcript, or another type treated as email): `transcript` (in any case) finds a transcript only; any other value an e-mail, meeting or note. An engagement of the other kind is a 404; an empty value is ignored',
    ),
})

/**
 * Whether an engagement of `kind` is of the type a caller asked for (spec §3: "Engagement type is
 * transcript, or another type treated as email"): `transcript` is a transcript only; any other
 * value is read as `email`, and e-mails, meetings and notes are all the e-mail kind. Nothing (or
 * an empty value) asks for no type. Case does not matter: `Transcript` is not an e-mail.
 */
export function isEngagementOfType(
  kind: z.infer<typeof engagementKindSchema>,
  requested: string | undefined,
): boolean {
  const asked = requested?.trim().toLowerCase()
  if (!asked) return true
  return asked === 'transcript' ? kind === 'transcript' : kind !== 'transcript'
}

/** One who took part in a call or e-mail, named as the workspace knows them. */
export const engagementPersonSchema = z
  .object({
    name: z
      .string()
      .nullable()
      .describe(
        "The deal contact's or organisation user's name with this address, else the name the e-mail's From or To line gave it, else a transcript's speaker label; null for a bare address nobody is known by",
      ),
    email: z.string().nullable().describe('The e-mail address; null for a speaker on a call'),
  })
  .meta({ id: 'EngagementPerson' })
export type EngagementPerson = z.infer<typeof engagementPersonSchema>

export const engagementSummarySchema = z
  .object({
    id: z.uuid(),
    deal_id: z.uuid(),
    type: engagementKindSchema,
    name: z.string(),
    occurred_at: z.iso.datetime(),
    direction: engagementDirectionSchema.nullable(),
    participants: z
      .array(z.string())
      .describe(
        'As stored: an e-mail\'s addresses (with the display name when the mail gave one, "Maya Chen <maya@acme.test>"), a call\'s speakers',
      ),
    people: z
      .array(engagementPersonSchema)
      .describe('The participants in the same order, each with the name they are known by'),
    source_file_name: z.string().nullable(),
    utterance_count: z.number().int(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'EngagementSummary' })
export type EngagementSummary = z.infer<typeof engagementSummarySchema>

export const storedUtteranceSchema = z.object({
  speaker: z.string(),
  role: speakerRoleSchema,
  text: z.string(),
  start_ms: z.number().int().nonnegative().optional(),
})

export const engagementDetailSchema = engagementSummarySchema
  .extend({
    utterances: z.array(storedUtteranceSchema),
    body: z.string(),
    subject: z.string().optional(),
  })
  .meta({ id: 'Engagement' })
export type EngagementDetail = z.infer<typeof engagementDetailSchema>

export const engagementsResponseSchema = z.object({
  models: z.array(engagementSummarySchema).describe('Newest first'),
})

const optionalName = z.string().trim().min(1).max(300).optional()
const optionalOccurredAt = dateTimeSchema
  .optional()
  .describe('When it happened (ISO 8601); else the file’s date, else now')

const ADD_CONTACTS_NOTE =
  "Speakers to add to the deal's contacts, by their label: each one of the call's buyers who is not already a contact of the deal becomes one (named as labelled, no e-mail); any other name is left alone"

/** Speaker labels to add as the deal's contacts (ADD_CONTACTS_NOTE). */
export const addContactsSchema = z.array(z.string().trim().min(1).max(300)).max(100)

/** A pasted transcript in any of the three formats (WebVTT, SRT, "Name: text"). */
export const transcriptEngagementBodySchema = z.object({
  type: z.literal('transcript'),
  text: z.string().min(1).max(ENGAGEMENT_FILE_MAX_BYTES),
  name: optionalName,
  occurred_at: optionalOccurredAt,
  roles: speakerRolesSchema.optional(),
  add_contacts: addContactsSchema.optional().describe(ADD_CONTACTS_NOTE),
})

/** An e-mail typed or pasted in: quoted replies and signatures are stripped from the body. */
export const emailEngagementBodySchema = z.object({
  type: z.literal('email'),
  direction: engagementDirectionSchema,
  from: z.string().trim().min(1).max(320),
  to: z.array(z.string().trim().min(1).max(320)).max(100).optional(),
  subject: z.string().trim().min(1).max(998),
  body: z.string().min(1).max(ENGAGEMENT_FILE_MAX_BYTES),
  occurred_at: optionalOccurredAt,
})

export const engagementJsonBodySchema = z.discriminatedUnion('type', [
  transcriptEngagementBodySchema,
  emailEngagementBodySchema,
])
export type EngagementJsonBody = z.infer<typeof engagementJsonBodySchema>

/** The multipart form, as documented (the server reads it from the stream itself). */
export const engagementMultipartBodySchema = z.object({
  file: z
    .string()
    .meta({ format: 'binary' })
    .describe('The file: .vtt, .srt or .txt transcript, or .eml e-mail; at most 10 MB'),
  roles: z.string().optional().describe('JSON text: {"<speaker>": "seller"|"buyer"|"unknown"}'),
  add_contacts: z.string().optional().describe(`JSON text: ["<speaker>", …]. ${ADD_CONTACTS_NOTE}`),
  name: z.string().optional().describe('The engagement’s name; else the file name'),
  occurred_at: z.string().optional().describe('ISO 8601; else the file’s date, else now'),
})

export const createEngagementResponseSchema = z.object({
  engagement: engagementSummarySchema,
  analysis: z.object({ run_id: z.uuid(), status: z.literal('queued') }),
})

export const engagementPreviewSchema = z
  .object({
    type: engagementKindSchema,
    name: z.string(),
    occurred_at: z.iso.datetime(),
    speakers: z.array(
      z.object({
        speaker: z.string(),
        proposed_role: speakerRoleSchema,
        matched: z.enum(['user', 'contact']).nullable(),
        utterance_count: z.number().int(),
        sample: z.string().describe('The speaker’s first words, to recognise them'),
      }),
    ),
    duplicate_of: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  })
  .meta({ id: 'EngagementPreview' })
export type EngagementPreview = z.infer<typeof engagementPreviewSchema>
