import { createHash } from 'node:crypto'
import type { z } from 'zod'
import {
  addContactsSchema,
  ENGAGEMENT_FILE_EXTENSIONS,
  type EngagementJsonBody,
  speakerRolesSchema,
} from '@dealcoach/contracts/engagements'
import {
  DATE_IN_FUTURE,
  DATE_IN_FUTURE_MESSAGE,
  DATE_OUT_OF_RANGE,
  DATE_OUT_OF_RANGE_MESSAGE,
  DATE_RANGE,
  isInFuture,
  isTimeInRange,
} from '@dealcoach/contracts/dates'
import { parseEml } from '@dealcoach/intelligence/email/parse-eml'
import { stripReply } from '@dealcoach/intelligence/email/strip-reply'
import {
  detectTranscriptFormat,
  parseTranscript,
  type TranscriptFormat,
} from '@dealcoach/intelligence/transcript/parse-transcript'
import type { ParsedUtterance } from '@dealcoach/intelligence/transcript/parsed-utterance'
import {
  NOT_WEBVTT,
  TranscriptParseError,
} from '@dealcoach/intelligence/transcript/transcript-parse-error'
import type { Utterance } from '../../db/schema/engagements.js'
import { formatMailbox, mailboxNames } from './engagement-people.js'
import { Invalid, UnsupportedMediaType } from '../../lib/domain-errors.js'

export type SpeakerRole = Utterance['role']
export type SpeakerRoles = Readonly<Record<string, SpeakerRole>>

/** What the caller sent: a file from a multipart form, or a JSON body. */
export type EngagementUpload =
  | {
      source: 'file'
      fileName: string
      content: string
      name?: string
      occurredAt?: string
      roles?: string
      /** JSON text: the speakers to add as the deal's contacts. */
      addContacts?: string
    }
  | { source: 'json'; body: EngagementJsonBody }

/** An upload read and checked, ready to be stored (roles are assigned later, against the deal). */
export interface PreparedEngagement {
  type: 'transcript' | 'email'
  name: string
  occurredAt: Date
  direction: 'inbound' | 'outbound' | null
  participants: string[]
  body: string
  utterances: ParsedUtterance[]
  sourceFileName: string | null
  contentHash: string
  roles: SpeakerRoles
  /** Speakers the uploader asked to add as the deal's contacts (only buyers are). */
  addContacts: readonly string[]
}

/** A person speakers are matched against: an organisation user or one of the deal's contacts. */
export interface Person {
  name: string
  email: string | null
}

export interface SpeakerProposal {
  speaker: string
  role: SpeakerRole
  matched: 'user' | 'contact' | null
  utteranceCount: number
  sample: string
}

const SAMPLE_LENGTH = 160

/**
 * Reads an upload into one engagement. A file the engine cannot read is a 400 naming the line;
 * `organisationDomains` tell an e-mail file's direction (mail from the organisation is outbound).
 */
export function prepareEngagement(
  upload: EngagementUpload,
  organisationDomains: readonly string[],
  now: Date = new Date(),
): PreparedEngagement {
  if (upload.source === 'json') return prepareJson(upload.body, now)
  const extension = extensionOf(upload.fileName)
  if (!(ENGAGEMENT_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
    throw new UnsupportedMediaType(
      'unsupported_file_type',
      `Files of type "${extension || upload.fileName}" cannot be uploaded: use .vtt, .srt, .txt or .eml.`,
    )
  }
  if (isBlank(upload.content)) {
    throw new Invalid([{ field: 'file', message: 'is empty', code: EMPTY_FILE }], {
      code: EMPTY_FILE,
    })
  }
  const roles = readRoles(upload.roles)
  const occurredAt = readOccurredAt(upload.occurredAt, now)
  const givenName = upload.name?.trim() || undefined
  if (extension === '.eml') {
    const email = readFile(() => parseEml(upload.content, { id: 'upload', organisationDomains }))
    assertEmailHasText(email.body ?? '', 'file')
    return emailEngagement({
      name: givenName ?? email.subject ?? stripExtension(upload.fileName),
      occurredAt: occurredAt ?? emailDate(email.occurred_at, now) ?? now,
      direction: email.direction ?? 'inbound',
      from: email.from ?? '',
      to: email.to ?? [],
      body: email.body ?? '',
      sourceFileName: upload.fileName,
      names: mailboxNames(upload.content),
    })
  }
  const utterances = readFile(
    () => parseTranscript(upload.content, upload.fileName),
    'file',
    () => detectTranscriptFormat(upload.content, upload.fileName),
  )
  return transcriptEngagement({
    field: 'file',
    utterances,
    name: givenName ?? stripExtension(upload.fileName),
    occurredAt: occurredAt ?? now,
    sourceFileName: upload.fileName,
    roles,
    addContacts: readAddContacts(upload.addContacts),
  })
}

function prepareJson(body: EngagementJsonBody, now: Date): PreparedEngagement {
  const occurredAt = body.occurred_at ? notInFuture(new Date(body.occurred_at), now) : now
  if (body.type === 'email') {
    const text = stripReply(body.body)
    assertEmailHasText(text, 'body')
    return emailEngagement({
      name: body.subject,
      occurredAt,
      direction: body.direction,
      from: body.from,
      to: body.to ?? [],
      body: text,
      sourceFileName: null,
    })
  }
  const utterances = readFile(
    () => parseTranscript(body.text),
    'text',
    () => detectTranscriptFormat(body.text),
  )
  return transcriptEngagement({
    field: 'text',
    utterances,
    name: body.name ?? 'Pasted transcript',
    occurredAt,
    sourceFileName: null,
    roles: body.roles ?? {},
    addContacts: body.add_contacts ?? [],
  })
}

function transcriptEngagement(input: {
  field: string
  utterances: ParsedUtterance[]
  name: string
  occurredAt: Date
  sourceFileName: string | null
  roles: SpeakerRoles
  addContacts: readonly string[]
}): PreparedEngagement {
  if (input.utterances.length === 0) {
    throw new Invalid([{ field: input.field, message: 'contains no utterances' }], {
      code: 'invalid_file',
    })
  }
  const utterances = input.utterances.map((u) => ({
    speaker: u.speaker,
    text: u.text,
    ...(u.start_ms === undefined ? {} : { start_ms: u.start_ms }),
  }))
  return {
    type: 'transcript',
    name: input.name,
    occurredAt: input.occurredAt,
    direction: null,
    participants: distinct(utterances.map((u) => u.speaker)),
    body: '',
    utterances,
    sourceFileName: input.sourceFileName,
    contentHash: hashOf([
      'transcript',
      ...utterances.map((u) => [normalise(u.speaker), normalise(u.text)]),
    ]),
    roles: input.roles,
    addContacts: input.addContacts,
  }
}

function emailEngagement(input: {
  name: string
  occurredAt: Date
  direction: 'inbound' | 'outbound'
  from: string
  to: readonly string[]
  body: string
  sourceFileName: string | null
  /** Display names by address, from the mail's own From and To lines. */
  names?: ReadonlyMap<string, string>
}): PreparedEngagement {
  const named = (address: string) => {
    const name = input.names?.get(address.trim().toLowerCase())
    return name ? formatMailbox(name, address) : address
  }
  return {
    type: 'email',
    name: input.name.trim() || '(no subject)',
    occurredAt: input.occurredAt,
    direction: input.direction,
    // "Maya Chen <maya@acme.test>" where the mail named her: the activity shows the name.
    participants: distinct([input.from, ...input.to]).map(named),
    body: input.body,
    utterances: [],
    sourceFileName: input.sourceFileName,
    contentHash: hashOf([
      'email',
      normalise(input.from),
      [...input.to].map(normalise).sort(),
      normalise(input.name),
      normalise(input.body),
    ]),
    roles: {},
    addContacts: [],
  }
}

/**
 * Each speaker's role: the uploader's `roles` win; else a speaker who is an organisation user is
 * the seller, one of the deal's contacts the buyer. Anyone else is the buyer on a call a seller
 * speaks in (the other side of the table: the upload dialog proposes it for the uploader to
 * confirm, an import takes it), and unknown on a call with none.
 */
export function proposeRoles(
  utterances: readonly ParsedUtterance[],
  roles: SpeakerRoles,
  people: { users: readonly Person[]; contacts: readonly Person[] },
): SpeakerProposal[] {
  const bySpeaker = new Map<string, SpeakerProposal>()
  for (const utterance of utterances) {
    const known = bySpeaker.get(utterance.speaker)
    if (known) {
      known.utteranceCount += 1
      continue
    }
    const matched = people.users.some((p) => isSpeaker(utterance.speaker, p))
      ? 'user'
      : people.contacts.some((p) => isSpeaker(utterance.speaker, p))
        ? 'contact'
        : null
    const matchedRole = matched === 'user' ? 'seller' : matched === 'contact' ? 'buyer' : 'unknown'
    bySpeaker.set(utterance.speaker, {
      speaker: utterance.speaker,
      role: roleGiven(roles, utterance.speaker) ?? matchedRole,
      matched,
      utteranceCount: 1,
      sample: excerpt(utterance.text, SAMPLE_LENGTH),
    })
  }
  const proposals = [...bySpeaker.values()]
  if (proposals.some((s) => s.role === 'seller')) {
    for (const proposal of proposals) if (proposal.role === 'unknown') proposal.role = 'buyer'
  }
  return proposals
}

/** The detail and error code of a stored transcript with a speaker nobody gave a role. */
export const SPEAKER_ROLES_REQUIRED = 'speaker_roles_required'

/**
 * Refuses to store a transcript with speakers who match no user or contact and whom `roles` does
 * not name: their words would be stored as `unknown` and never analysed. The upload dialog makes
 * the uploader choose for each of them; the API asks the same of its callers, at `roles`.
 */
export function assertSpeakersHaveRoles(
  speakers: readonly SpeakerProposal[],
  roles: SpeakerRoles,
): void {
  const unmatched = speakers
    .filter((s) => s.matched === null && roleGiven(roles, s.speaker) === undefined)
    .map((s) => s.speaker)
  if (unmatched.length === 0) return
  const names = unmatched.join(', ')
  throw new Invalid(
    [
      {
        field: 'roles',
        message: `must give a role ("seller" or "buyer") to each speaker who matches no user or contact: ${names}`,
        code: SPEAKER_ROLES_REQUIRED,
        params: { speakers: names, count: unmatched.length },
      },
    ],
    {
      code: SPEAKER_ROLES_REQUIRED,
      message: `Choose seller or buyer in roles for the speakers we could not match: ${names}.`,
    },
  )
}

/** The text's start, up to `max` characters, cut between words and marked as cut. */
function excerpt(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const lastSpace = cut.search(/\s\S*$/u)
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** Speakers are labelled by full name, first name or e-mail, in any case. */
function isSpeaker(speaker: string, person: Person): boolean {
  const label = normalise(speaker).toLowerCase()
  if (!label) return false
  const fullName = normalise(person.name).toLowerCase()
  const firstName = fullName.split(' ')[0] ?? ''
  const email = person.email?.trim().toLowerCase() ?? ''
  return [fullName, firstName, email].some((key) => key !== '' && key === label)
}

function roleGiven(roles: SpeakerRoles, speaker: string): SpeakerRole | undefined {
  if (Object.hasOwn(roles, speaker)) return roles[speaker]
  const label = speaker.toLowerCase()
  const key = Object.keys(roles).find((name) => name.toLowerCase() === label)
  return key === undefined ? undefined : roles[key]
}

/** A file with nothing but white space (or nothing at all) in it: `empty_file` at `file`. */
export const EMPTY_FILE = 'empty_file'
/** An e-mail whose body has no text of its own (none, or only a quoted reply): `empty_email`. */
export const EMPTY_EMAIL = 'empty_email'
/**
 * A plain-text transcript (a .txt file or pasted text) whose lines open no turn with a speaker's
 * name: the `invalid_file` refusal's detail says so, for the "Name: text" hint.
 */
export const NO_SPEAKER_LINES = 'no_speaker_lines'

const isBlank = (text: string) => text.replace(/^\uFEFF/, '').trim() === ''

/** An e-mail with no text is refused as a transcript with no turns is: there is nothing to read. */
function assertEmailHasText(body: string, field: 'file' | 'body') {
  if (isBlank(body)) {
    throw new Invalid([{ field, message: 'has no text', code: EMPTY_EMAIL }], {
      code: EMPTY_EMAIL,
    })
  }
}

/**
 * Parses with `parse`; a file it cannot read is an `invalid_file` naming the line. For a plain
 * transcript (`formatOf`, asked only then) the detail's code says its turns lack "Name:"
 * speakers, the only way one fails; for a .vtt without its "WEBVTT" line, that it is not WebVTT.
 */
function readFile<T>(parse: () => T, field = 'file', formatOf?: () => TranscriptFormat): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof TranscriptParseError) {
      const problem = { field, message: error.message, params: { line: error.line } }
      const code =
        error.code === NOT_WEBVTT
          ? NOT_WEBVTT
          : formatOf?.() === 'plain'
            ? NO_SPEAKER_LINES
            : undefined
      throw new Invalid([code ? { ...problem, code } : problem], { code: 'invalid_file' })
    }
    throw error
  }
}

function readRoles(text: string | undefined): SpeakerRoles {
  return readJsonField(text, speakerRolesSchema, {
    field: 'roles',
    empty: {},
    notJson: 'must be JSON: {"<speaker>": "seller"|"buyer"}',
    invalid: 'must map each speaker to "seller", "buyer" or "unknown"',
  })
}

function readAddContacts(text: string | undefined): string[] {
  const message = 'must be JSON: a list of speaker names, ["<speaker>"]'
  return readJsonField(text, addContactsSchema, {
    field: 'add_contacts',
    empty: [],
    notJson: message,
    invalid: message,
  })
}

/**
 * A multipart form field that carries JSON: absent or blank is `empty`; each way of being wrong
 * has its own message at the field.
 */
function readJsonField<T>(
  text: string | undefined,
  schema: z.ZodType<T>,
  rules: { field: string; empty: T; notJson: string; invalid: string },
): T {
  if (text === undefined || text.trim() === '') return rules.empty
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Invalid([{ field: rules.field, message: rules.notJson }])
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new Invalid([{ field: rules.field, message: rules.invalid }])
  return parsed.data
}

/**
 * The speakers to add as the deal's contacts: those the uploader named (in any case) who are the
 * call's buyers and match none of the deal's contacts (or users), each once.
 */
export function speakersToAdd(
  speakers: readonly SpeakerProposal[],
  roleOf: ReadonlyMap<string, SpeakerRole>,
  asked: readonly string[],
): string[] {
  const wanted = new Set(asked.map((name) => normalise(name).toLowerCase()))
  return speakers
    .filter(
      (s) =>
        s.matched === null &&
        roleOf.get(s.speaker) === 'buyer' &&
        wanted.has(normalise(s.speaker).toLowerCase()),
    )
    .map((s) => normalise(s.speaker))
}

function readOccurredAt(text: string | undefined, now: Date): Date | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const time = Date.parse(text)
  if (Number.isNaN(time)) {
    throw new Invalid([{ field: 'occurred_at', message: 'must be an ISO 8601 date and time' }])
  }
  // The same range as the JSON body's occurred_at (contracts/dates.ts).
  if (!isTimeInRange(time)) {
    throw new Invalid([
      {
        field: 'occurred_at',
        message: DATE_OUT_OF_RANGE_MESSAGE,
        code: DATE_OUT_OF_RANGE,
        params: { ...DATE_RANGE },
      },
    ])
  }
  return notInFuture(new Date(time), now)
}

/**
 * The time a call or e-mail took place, which becomes the deal's last activity: one later than
 * now (beyond a few minutes of clock skew) is refused at `occurred_at`, as the upload dialog does.
 */
function notInFuture(occurredAt: Date, now: Date): Date {
  if (isInFuture(occurredAt, now)) {
    throw new Invalid([
      { field: 'occurred_at', message: DATE_IN_FUTURE_MESSAGE, code: DATE_IN_FUTURE },
    ])
  }
  return occurredAt
}

/**
 * An e-mail's own Date header, unless it is outside the dates the API stores or later than now
 * (a sender's clock gone wrong, which the uploader did not type): then now.
 */
function emailDate(occurredAt: string | null | undefined, now: Date): Date | undefined {
  if (!occurredAt) return undefined
  const time = Date.parse(occurredAt)
  return isTimeInRange(time) && !isInFuture(time, now) ? new Date(time) : undefined
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase()
}

function stripExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  const base = dot <= 0 ? fileName : fileName.slice(0, dot)
  return base.trim() || fileName
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function distinct(values: readonly string[]): string[] {
  return [...new Set(values.filter((v) => v.trim() !== ''))]
}

/** Re-uploading the same call is caught even when the file's line endings or spacing differ. */
function hashOf(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex')
}
