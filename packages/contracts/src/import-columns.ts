import { IMPORT_FIELDS, type ImportKind } from './imports.js'

/**
 * How a CSV's columns meet the import's fields, shared by the server (which resolves the mapping
 * in force) and the web app (which suggests one before the upload), so both recognise the same
 * headers.
 */
export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number]

/**
 * Headers recognised without a mapping, per field: our own names first, then how HubSpot's and
 * Salesforce's exports (report and Data Export) spell them. Compared after `normaliseHeader`.
 */
export const IMPORT_COLUMN_ALIASES: Record<
  ImportKind,
  Partial<Record<string, readonly string[]>>
> = {
  deals: {
    external_id: ['external id', 'record id', 'deal id', 'hs object id', 'opportunity id', 'id'],
    name: ['deal name', 'opportunity name', 'dealname', 'name'],
    pipeline: ['pipeline', 'deal pipeline', 'record type', 'opportunity record type'],
    stage: ['deal stage', 'dealstage', 'stage', 'stage name', 'stagename'],
    amount: ['amount', 'deal amount', 'amount in company currency', 'opportunity amount'],
    currency: [
      'currency',
      'deal currency code',
      'currency code',
      // Salesforce's report export names the amount's currency after the amount column.
      'amount currency',
      'opportunity currency',
    ],
    close_date: ['close date', 'closedate', 'expected close date'],
    owner: [
      'owner',
      'deal owner',
      'hubspot owner',
      'opportunity owner',
      'owner email',
      'owner e mail',
      'opportunity owner email',
      'deal owner email',
    ],
    account_name: [
      'account name',
      'account',
      'company',
      'company name',
      'associated company',
      'associated company name',
    ],
    status: ['status', 'deal status', 'won lost', 'won or lost'],
  },
  contacts: {
    external_id: ['external id', 'record id', 'contact id', 'hs object id', 'id'],
    name: ['name', 'full name', 'contact name'],
    first_name: ['first name', 'firstname', 'given name'],
    last_name: ['last name', 'lastname', 'surname', 'family name'],
    email: ['email', 'e mail', 'email address', 'e mail address'],
    title: ['title', 'job title', 'jobtitle'],
    company: ['company', 'company name', 'account name', 'associated company', 'account'],
  },
  engagements: {
    external_id: [
      'external id',
      'record id',
      'activity id',
      'engagement id',
      'task id',
      'event id',
      'hs object id',
      'id',
    ],
    deal_external_id: [
      'deal external id',
      'deal record id',
      'deal id',
      'associated deal id',
      'associated deal ids',
      'associated deal',
      'opportunity id',
      'related to id',
      'what id',
    ],
    type: ['type', 'activity type', 'engagement type', 'task subtype', 'call type'],
    name: ['name', 'subject', 'title', 'call title', 'email subject', 'activity subject'],
    occurred_at: [
      'occurred at',
      'activity date',
      'timestamp',
      'date',
      'call date',
      'email send date',
      'created date',
      'create date',
      'due date',
      'start date time',
    ],
    direction: ['direction', 'call direction', 'email direction'],
    body: [
      'body',
      'transcript',
      'call transcript',
      'call notes',
      'notes',
      'note body',
      'email body',
      'description',
      'comments',
      'full comments',
    ],
    from: ['from', 'from email', 'email from address', 'sender'],
    to: ['to', 'to email', 'email to address', 'recipients'],
  },
}

/** What the deal, contact or engagement needs at least, per kind. */
export const IMPORT_REQUIRED_FIELDS: Record<ImportKind, readonly ImportField[][]> = {
  deals: [['name'], ['stage']],
  contacts: [['name', 'first_name', 'last_name', 'email']],
  engagements: [['deal_external_id'], ['body', 'name']],
}

/** Lower case, letters and digits only: "Deal Stage", "deal_stage" and "DealStage " meet. */
export function normaliseHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * The fields `explicit` leaves out (a field it maps to null stays unmapped), each matched to its first alias among `headers` that no other
 * field has taken: field → header as written in the file.
 */
export function recogniseColumns(
  kind: ImportKind,
  headers: readonly string[],
  explicit: Readonly<Record<string, string | null>> = {},
): Record<string, string> {
  const byNormalised = new Map<string, string>()
  for (const header of headers) {
    const key = normaliseHeader(header)
    if (key && !byNormalised.has(key)) byNormalised.set(key, header)
  }
  const recognised: Record<string, string> = {}
  const taken = new Set(
    Object.values(explicit).map((header) =>
      header === null ? undefined : byNormalised.get(normaliseHeader(header)),
    ),
  )
  for (const field of IMPORT_FIELDS[kind]) {
    if (explicit[field] !== undefined) continue
    for (const alias of IMPORT_COLUMN_ALIASES[kind][field] ?? []) {
      const header = byNormalised.get(alias)
      if (header !== undefined && !taken.has(header)) {
        recognised[field] = header
        taken.add(header)
        break
      }
    }
  }
  return recognised
}

/** The groups of fields of which `mapping` maps none (the kind needs one of each group). */
export function missingRequiredFields(
  kind: ImportKind,
  mapping: Readonly<Record<string, string | null>>,
): ImportField[][] {
  return IMPORT_REQUIRED_FIELDS[kind].filter(
    (oneOf) => !oneOf.some((field) => typeof mapping[field] === 'string'),
  )
}
