import { createHash } from 'node:crypto'
import {
  DATE_IN_FUTURE,
  DATE_MAX,
  DATE_MIN,
  DATE_OUT_OF_RANGE,
  DATE_RANGE,
  isDateInRange,
  isInFuture,
  isTimeInRange,
} from '@dealcoach/contracts/dates'
import type { ImportKind, ImportValueField } from '@dealcoach/contracts/imports'
import { stripReply } from '@dealcoach/intelligence/email/strip-reply'
import { parseTranscript } from '@dealcoach/intelligence/transcript/parse-transcript'
import type { Utterance } from '../../db/schema/engagements.js'
import type {
  ImportDateOrder,
  ImportMessageParams,
  ImportValueMapping,
} from '../../db/schema/imports.js'
import type { ContactImportRecord, DealImportRecord } from '../deals/deal-imports.service.js'
import type { EngagementImportRecord } from '../engagements/engagement-imports.js'
import {
  readAmount,
  readDate,
  readEmail,
  readInstant,
  type SlashDateOrder,
  slashDateOrder,
  squash,
} from './cell-values.js'

/** One line of the row report, before it is stored. */
export interface RowProblem {
  row: number
  column: string | null
  severity: 'error' | 'warning'
  code: string
  message: string
  /** What the message names, so the app can say it in the reader's language. */
  params: ImportMessageParams
}

/** What a row's record is resolved against: the organisation's pipelines and users. */
export interface ImportLookups {
  pipelines: {
    id: string
    name: string
    remoteId: string | null
    stages: { id: string; name: string; remoteStageId: string | null }[]
  }[]
  users: { id: string; email: string; firstName: string; lastName: string }[]
}

/** A row's cells by field, through the mapping: undefined for an unmapped field, else trimmed. */
export type Cells = (field: string) => string | undefined

export function cellsOf(values: readonly string[], columnOf: ReadonlyMap<string, number>): Cells {
  return (field) => {
    const index = columnOf.get(field)
    return index === undefined ? undefined : (values[index] ?? '').trim()
  }
}

/** A row read into a record of its kind (or only problems), keyed by its external id. */
export type ParsedRow =
  | { kind: 'deals'; key: string; record?: DealImportRecord }
  | { kind: 'contacts'; key: string; record?: ContactImportRecord }
  | {
      kind: 'engagements'
      key: string
      dealRef?: string
      record?: Omit<EngagementImportRecord, 'dealId'>
    }

interface Context {
  row: number
  header: (field: string) => string | null
  problems: RowProblem[]
  /** Told each stage or owner value that matched nothing, so the dry run can list them. */
  unmatched?: (field: ImportValueField, value: string) => void
  /** The order of the file's slash dates (date-order.ts); without it they read month first. */
  dates?: ImportDateOrder
}

function problem(
  context: Context,
  field: string | null,
  code: string,
  message: string,
  options: { params?: ImportMessageParams; severity?: 'error' | 'warning' } = {},
) {
  context.problems.push({
    row: context.row,
    column: field === null ? null : context.header(field),
    severity: options.severity ?? 'error',
    code,
    message,
    params: options.params ?? {},
  })
}

/** A date the file holds that is outside the range the API accepts (contracts/dates.ts). */
function dateOutOfRange(context: Context, field: string, value: string) {
  problem(
    context,
    field,
    DATE_OUT_OF_RANGE,
    `"${value}" is outside the dates Dealcoach accepts, ${DATE_MIN} to ${DATE_MAX}.`,
    { params: { value, ...DATE_RANGE } },
  )
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

function longDate(isoDate: string): string {
  return LONG_DATE.format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * Reads a date cell in the file's order of slash dates (ADR 0031). A slash date that reads in the
 * other order only is an error: the file's other dates say it is a typo or a value pasted from
 * elsewhere, and which date it means is not for the import to guess. One that both orders read
 * as different dates is read in the file's order; when no date of the file showed that order, a
 * warning says how it was read. Answers undefined after reporting.
 */
function readFileDate<T>(
  context: Context,
  field: string,
  text: string,
  read: (text: string, order: SlashDateOrder) => T | undefined,
  notDate: string,
  inRange: (value: T) => boolean,
): T | undefined {
  const dates = context.dates
  const order = dates?.order ?? 'month_first'
  const shown = dates ? slashDateOrder(text) : undefined
  if ((shown === 'day_first' || shown === 'month_first') && shown !== order) {
    const meant = readDate(text, shown) ?? ''
    const example = dates?.example ?? ''
    const [code, put, file] =
      order === 'day_first'
        ? (['date_not_day_first', 'the month', 'the day'] as const)
        : (['date_not_month_first', 'the day', 'the month'] as const)
    problem(
      context,
      field,
      code,
      `"${text}" puts ${put} first, but the file's other dates put ${file} first${example ? ` (as "${example}")` : ''}: write it with ${file} first, or as ${meant}.`,
      { params: { value: text, example, date: meant } },
    )
    return undefined
  }
  const value = read(text, order)
  if (value === undefined) {
    problem(context, field, 'invalid_date', `"${text}" is not ${notDate}.`, {
      params: { value: text },
    })
    return undefined
  }
  if (!inRange(value)) {
    dateOutOfRange(context, field, text)
    return undefined
  }
  if (shown === 'ambiguous' && dates?.basis === 'conventions') {
    const date = readDate(text, order) ?? ''
    const other = readDate(text, order === 'day_first' ? 'month_first' : 'day_first') ?? ''
    const how =
      order === 'day_first'
        ? 'day first, as European files write dates'
        : 'month first, as US exports write dates'
    problem(
      context,
      field,
      order === 'day_first' ? 'date_read_day_first' : 'date_read_month_first',
      `"${text}" was read as ${longDate(date)} (${how}): no date in the file shows its order. If it means ${longDate(other)}, write the file's dates as YYYY-MM-DD and import it again.`,
      { params: { value: text, date, other }, severity: 'warning' },
    )
  }
  return value
}

/**
 * The external id: the file's, or for a file without one a key derived from what identifies the
 * record, so re-importing the same spreadsheet still finds the records it made.
 */
function keyOf(kind: ImportKind, cells: Cells, natural: readonly (string | undefined)[]): string {
  const given = cells('external_id')
  if (given) return given
  const digest = createHash('sha256')
    .update([kind, ...natural.map((part) => squash(part ?? ''))].join('\u0000'))
    .digest('hex')
  return `csv:${digest.slice(0, 32)}`
}

/** Empty cell → null (the column says "none"), unmapped → undefined (leave it alone). */
function optional(text: string | undefined): string | null | undefined {
  if (text === undefined) return undefined
  return text === '' ? null : text
}

type Pipeline = ImportLookups['pipelines'][number]
type Stage = Pipeline['stages'][number]

/**
 * The deal's pipeline and stage: a stage mapped by hand first, else the stage of that name (or
 * CRM id) in the named pipeline or, without a pipeline column, in the oldest pipeline having it.
 */
function findStage(
  lookups: ImportLookups,
  candidates: readonly Pipeline[],
  stageName: string,
  byHand: Readonly<Record<string, string>> | undefined,
): { pipeline: Pipeline; stage: Stage } | undefined {
  const mappedId = byHand?.[stageName]
  if (mappedId) {
    for (const pipeline of lookups.pipelines) {
      const stage = pipeline.stages.find((s) => s.id === mappedId)
      if (stage) return { pipeline, stage }
    }
  }
  for (const pipeline of candidates) {
    const stage = pipeline.stages.find(
      (s) => squash(s.name) === squash(stageName) || (s.remoteStageId ?? '') === stageName,
    )
    if (stage) return { pipeline, stage }
  }
  return undefined
}

/** The owner: a user mapped by hand, else the user with that e-mail address or full name. */
function findOwner(
  lookups: ImportLookups,
  ownerText: string,
  byHand: Readonly<Record<string, string>> | undefined,
): ImportLookups['users'][number] | undefined {
  const mappedId = byHand?.[ownerText]
  const mapped = mappedId ? lookups.users.find((u) => u.id === mappedId) : undefined
  if (mapped) return mapped
  const wanted = ownerText.toLowerCase()
  return lookups.users.find(
    (u) =>
      u.email.toLowerCase() === wanted ||
      squash(`${u.firstName} ${u.lastName}`) === squash(ownerText),
  )
}

/** Why a row's stage matched nothing; a stage name the pipelines lack is listed for mapping. */
function reportStageNotFound(
  context: Context,
  lookups: ImportLookups,
  candidates: readonly Pipeline[],
  pipelineName: string | undefined,
  stageName: string,
) {
  if (lookups.pipelines.length === 0) {
    problem(context, null, 'no_pipeline', 'The organisation has no pipeline yet.')
    return
  }
  // The pipeline is what is wrong: its stage is not listed for mapping, as a stage of that name
  // in another pipeline ("Demo") would put the deal in a pipeline the file does not name.
  if (pipelineName && candidates.length === 0) {
    problem(context, 'pipeline', 'unknown_pipeline', `No pipeline is named "${pipelineName}".`, {
      params: { value: pipelineName },
    })
    return
  }
  context.unmatched?.('stage', stageName)
  const named = pipelineName ? candidates[0] : undefined
  const where = named
    ? `the pipeline "${named.name}"; its stages are ${named.stages.map((s) => s.name).join(', ')}`
    : 'any pipeline'
  // A row that names its pipeline is told which one lacks the stage: another pipeline may have it.
  problem(context, 'stage', 'unknown_stage', `"${stageName}" is not a stage of ${where}.`, {
    params: named ? { value: stageName, pipeline: named.name } : { value: stageName },
  })
}

export function parseDealRow(
  cells: Cells,
  lookups: ImportLookups,
  context: Context,
  byHand: ImportValueMapping = {},
): ParsedRow {
  const name = cells('name') ?? ''
  const key = keyOf('deals', cells, [cells('pipeline'), name])
  if (!name) problem(context, 'name', 'required', 'The deal has no name.')
  if (name.length > 200)
    problem(context, 'name', 'too_long', 'The name is over 200 characters.', {
      params: { max: 200 },
    })

  const pipelineName = cells('pipeline')
  const stageName = cells('stage') ?? ''
  const candidates = pipelineName
    ? lookups.pipelines.filter(
        (p) => squash(p.name) === squash(pipelineName) || p.remoteId === pipelineName,
      )
    : lookups.pipelines
  const outcome = closedOutcome(stageName)
  const found = stageName
    ? (findStage(lookups, candidates, stageName, byHand.stage) ??
      (outcome ? closingStage(candidates) : undefined))
    : undefined
  const pipeline = found?.pipeline
  const stage = found?.stage
  if (!stageName) problem(context, 'stage', 'required', 'The deal has no stage.')
  else if (!found) reportStageNotFound(context, lookups, candidates, pipelineName, stageName)

  const amountText = cells('amount')
  const read = amountText ? readAmount(amountText) : optional(amountText)
  // A deal's value is never negative, as the deals API has it (contracts/deals.ts).
  const negative = read !== undefined && read !== null && Number(read) < 0
  const amount = negative ? undefined : read
  if (negative) {
    problem(context, 'amount', 'negative_amount', `"${amountText}" is negative: use 0 or more.`, {
      params: { value: amountText ?? '' },
    })
  } else if (amount === undefined && amountText) {
    problem(context, 'amount', 'invalid_amount', `"${amountText}" is not an amount.`, {
      params: { value: amountText },
    })
  }
  const currencyText = cells('currency')
  const currency = currencyText ? currencyText.toUpperCase() : optional(currencyText)
  if (currency && !/^[A-Z]{3}$/.test(currency)) {
    problem(
      context,
      'currency',
      'invalid_currency',
      `"${currencyText}" is not an ISO currency code.`,
      { params: { value: currencyText ?? '' } },
    )
  }
  const closeText = cells('close_date')
  const closeDate = closeText
    ? readFileDate(context, 'close_date', closeText, readDate, 'a date', isDateInRange)
    : optional(closeText)

  const ownerText = cells('owner')
  let ownerId: string | null | undefined = optional(ownerText)
  if (ownerText) {
    const owner = findOwner(lookups, ownerText, byHand.owner)
    ownerId = owner?.id
    if (!owner) {
      context.unmatched?.('owner', ownerText)
      problem(
        context,
        'owner',
        'unknown_owner',
        `"${ownerText}" is no user of the organisation; the deal is imported without that owner.`,
        { params: { value: ownerText }, severity: 'warning' },
      )
    }
  }

  const statusText = cells('status')
  // The file's stage says how the deal ended even when it was matched (by hand or by name) to a
  // stage whose name does not; a mapped status column says it first.
  const status =
    readStatus(statusText) ?? outcome ?? (stage ? statusOfStage(stage.name) : undefined)
  if (statusText && !readStatus(statusText)) {
    problem(context, 'status', 'invalid_status', `"${statusText}" is not open, won or lost.`, {
      params: { value: statusText },
    })
  }

  if (context.problems.some((p) => p.severity === 'error') || !pipeline || !stage) {
    return { kind: 'deals', key }
  }
  return {
    kind: 'deals',
    key,
    record: {
      remoteId: key,
      pipelineId: pipeline.id,
      stageId: stage.id,
      name,
      ownerId,
      accountName: optional(cells('account_name')),
      amount: amount ?? undefined,
      currency: currency ?? undefined,
      closeDate: closeDate ?? (closeText === '' ? null : undefined),
      status,
    },
  }
}

function readStatus(text: string | undefined): 'open' | 'won' | 'lost' | undefined {
  if (!text) return undefined
  const value = squash(text)
  if (['open', 'inprogress', 'active'].includes(value)) return 'open'
  if (['won', 'closedwon', 'true'].includes(value)) return 'won'
  if (['lost', 'closedlost', 'false'].includes(value)) return 'lost'
  return undefined
}

/**
 * How the deal ended, when the stage names a closing stage of HubSpot ("Closed Won", its internal
 * "closedwon") or Salesforce ("Closed Won", "Closed Lost"), or is plainly "Won" or "Lost".
 */
function closedOutcome(stageName: string): 'won' | 'lost' | undefined {
  const value = squash(stageName)
  if (value === 'closedwon' || value === 'won') return 'won'
  if (value === 'closedlost' || value === 'lost') return 'lost'
  return undefined
}

/** A Dealcoach stage named like a closing stage says how the deal ended; any other, open. */
function statusOfStage(name: string): 'open' | 'won' | 'lost' {
  return closedOutcome(name) ?? 'open'
}

/**
 * Where a won or lost deal goes when the pipeline has no stage of the file's closing stage's name:
 * the last stage of the named pipeline (else the oldest), since the deal got through it before it
 * ended (ADR 0012). Dealcoach pipelines keep the outcome in the deal's status, not in a stage.
 */
function closingStage(
  candidates: readonly Pipeline[],
): { pipeline: Pipeline; stage: Stage } | undefined {
  const pipeline = candidates[0]
  const stage = pipeline?.stages.at(-1)
  return pipeline && stage ? { pipeline, stage } : undefined
}

export function parseContactRow(cells: Cells, context: Context): ParsedRow {
  const emailText = cells('email')
  const email = emailText ? readEmail(emailText) : optional(emailText)
  if (email === undefined && emailText) {
    problem(context, 'email', 'invalid_email', `"${emailText}" is not an e-mail address.`, {
      params: { value: emailText },
    })
  }
  const fullName = [cells('first_name'), cells('last_name')].filter(Boolean).join(' ')
  const name = cells('name') || fullName || email || ''
  if (!name) problem(context, 'name', 'required', 'The contact has neither a name nor an e-mail.')
  const key = keyOf('contacts', cells, [email ?? name])
  if (context.problems.some((p) => p.severity === 'error')) return { kind: 'contacts', key }
  return {
    kind: 'contacts',
    key,
    record: {
      remoteId: key,
      name,
      email,
      title: optional(cells('title')),
      company: optional(cells('company')),
    },
  }
}

const ENGAGEMENT_TYPES: Record<string, EngagementImportRecord['type'] | 'call'> = {
  call: 'call',
  calls: 'call',
  phonecall: 'call',
  transcript: 'call',
  email: 'email',
  emails: 'email',
  incomingemail: 'email',
  forwardedemail: 'email',
  meeting: 'meeting',
  meetings: 'meeting',
  event: 'meeting',
  note: 'note',
  notes: 'note',
  task: 'note',
}

/**
 * How far a file's time may be ahead of the server's clock: a time without a zone is read as UTC
 * (cell-values.ts), and a local time is up to 14 hours ahead of UTC (UTC+14).
 */
const LOCAL_TIME_AHEAD_MS = 14 * 60 * 60 * 1000

export function parseEngagementRow(cells: Cells, fileName: string, context: Context): ParsedRow {
  const dealRef = cells('deal_external_id') ?? ''
  if (!dealRef) problem(context, 'deal_external_id', 'required', 'The row names no deal.')
  const typeText = cells('type')
  const given = typeText ? ENGAGEMENT_TYPES[squash(typeText)] : undefined
  if (typeText && !given) {
    problem(
      context,
      'type',
      'invalid_type',
      `"${typeText}" is not a call, e-mail, meeting or note.`,
      { params: { value: typeText } },
    )
  }
  const occurredText = cells('occurred_at') ?? ''
  const occurredAt = occurredText
    ? readFileDate(
        context,
        'occurred_at',
        occurredText,
        readInstant,
        'a date and time',
        isTimeInRange,
      )
    : undefined
  if (!occurredText) problem(context, 'occurred_at', 'required', 'The row has no date.')
  // It would become the deal's last activity, as an upload's would (prepare-engagement.ts).
  if (occurredAt && isInFuture(occurredAt, Date.now() + LOCAL_TIME_AHEAD_MS)) {
    problem(
      context,
      'occurred_at',
      DATE_IN_FUTURE,
      `"${occurredText}" is in the future: a call, e-mail, meeting or note is imported once it took place.`,
      { params: { value: occurredText } },
    )
  }
  const rawBody = cells('body') ?? ''
  const name = cells('name') ?? ''
  if (!rawBody && !name)
    problem(context, 'body', 'required', 'The row has neither a body nor a subject.')
  const directionText = squash(cells('direction') ?? '')
  const direction =
    directionText === 'inbound' || directionText === 'incoming'
      ? 'inbound'
      : directionText === 'outbound' || directionText === 'outgoing'
        ? 'outbound'
        : null

  // A call with speaker lines is a transcript the engine reads utterance by utterance; a call
  // logged with notes only is a note.
  let type: EngagementImportRecord['type'] =
    given === 'call' || given === undefined ? 'note' : given
  let utterances: Utterance[] = []
  if ((given === 'call' || given === undefined) && rawBody) {
    try {
      utterances = parseTranscript(rawBody).map((u) => ({
        speaker: u.speaker,
        role: 'unknown' as const,
        text: u.text,
        ...(u.start_ms === undefined ? {} : { start_ms: u.start_ms }),
      }))
      if (utterances.length > 0) type = 'transcript'
    } catch {
      utterances = []
    }
  }
  const body = type === 'email' ? stripReply(rawBody) : type === 'transcript' ? '' : rawBody
  const participants = [cells('from'), ...(cells('to') ?? '').split(/[;,]/)]
    .map((p) => p?.trim() ?? '')
    .filter(Boolean)
  const key = keyOf('engagements', cells, [dealRef, type, occurredText, name, rawBody])
  if (context.problems.some((p) => p.severity === 'error') || !occurredAt) {
    return { kind: 'engagements', key, dealRef }
  }
  return {
    kind: 'engagements',
    key,
    dealRef,
    record: {
      remoteId: key,
      type,
      name:
        name ||
        `${type[0]?.toUpperCase() ?? ''}${type.slice(1)} ${occurredAt.toISOString().slice(0, 10)}`,
      occurredAt,
      direction,
      participants: [...new Set(participants)],
      body,
      utterances,
      sourceFileName: fileName,
    },
  }
}
