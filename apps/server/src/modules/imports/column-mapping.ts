import { IMPORT_FIELDS, type ImportKind } from '@dealcoach/contracts/imports'
import type { FieldProblem } from '../../lib/domain-errors.js'

export type ImportField = (typeof IMPORT_FIELDS)[ImportKind][number]

/**
 * Headers recognised without a mapping, per field: our own names first, then how HubSpot's and
 * Salesforce's exports (report and Data Export) spell them. Compared after `normaliseHeader`.
 */
const ALIASES: Record<ImportKind, Partial<Record<string, readonly string[]>>> = {
  deals: {
    external_id: ['external id', 'record id', 'deal id', 'hs object id', 'opportunity id', 'id'],
    name: ['deal name', 'opportunity name', 'dealname', 'name'],
    pipeline: ['pipeline', 'deal pipeline', 'record type', 'opportunity record type'],
    stage: ['deal stage', 'dealstage', 'stage', 'stage name', 'stagename'],
    amount: ['amount', 'deal amount', 'amount in company currency', 'opportunity amount'],
    currency: ['currency', 'deal currency code', 'currency code', 'opportunity currency'],
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
    status: ['status', 'deal status', 'won lost'],
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
const REQUIRED: Record<ImportKind, readonly ImportField[][]> = {
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
 * The mapping in force (field → header as written in the file): the explicit one first, then
 * each remaining field's first alias found. Problems name what is wrong with the explicit
 * mapping or what the file lacks; the caller answers them with a 400 at `mapping` or `file`.
 */
export function resolveMapping(
  kind: ImportKind,
  headers: readonly string[],
  explicit: Readonly<Record<string, string>>,
): { mapping: Record<string, string>; problems: FieldProblem[] } {
  const fields: readonly string[] = IMPORT_FIELDS[kind]
  const problems: FieldProblem[] = []
  const mapping: Record<string, string> = {}
  const byNormalised = new Map<string, string>()
  for (const header of headers) {
    const key = normaliseHeader(header)
    if (key && !byNormalised.has(key)) byNormalised.set(key, header)
  }
  for (const [field, header] of Object.entries(explicit)) {
    if (!fields.includes(field)) {
      problems.push({
        field: `mapping.${field}`,
        message: `is not a field of ${kind}; use one of ${fields.join(', ')}`,
        code: 'unknown_field',
      })
      continue
    }
    const found = byNormalised.get(normaliseHeader(header))
    if (found === undefined) {
      problems.push({
        field: `mapping.${field}`,
        message: `names the column "${header}", which the file does not have`,
        code: 'unknown_column',
        params: { column: header },
      })
      continue
    }
    mapping[field] = found
  }
  const taken = new Set(Object.values(mapping))
  for (const field of fields) {
    if (mapping[field] !== undefined || explicit[field] !== undefined) continue
    for (const alias of ALIASES[kind][field] ?? []) {
      const header = byNormalised.get(alias)
      if (header !== undefined && !taken.has(header)) {
        mapping[field] = header
        taken.add(header)
        break
      }
    }
  }
  if (problems.length === 0) {
    for (const oneOf of REQUIRED[kind]) {
      if (oneOf.some((field) => mapping[field] !== undefined)) continue
      problems.push({
        field: 'file',
        message: `has no ${oneOf.join(' or ')} column for ${kind}: map one with mapping.${oneOf[0] ?? ''}`,
        code: 'missing_column',
        params: { field: oneOf[0] ?? '' },
      })
    }
  }
  return { mapping, problems }
}
