import { stripReply } from '@dealcoach/intelligence/email/strip-reply'
import { parseTranscript } from '@dealcoach/intelligence/transcript/parse-transcript'
import type { Utterance } from '../../db/schema/engagements.js'
import type { ContactImportRecord, DealImportRecord } from '../deals/deal-imports.service.js'
import type { EngagementImportRecord } from '../engagements/engagement-imports.js'
import type { HubspotObject } from './hubspot-api.js'

/** HubSpot object types the sync reads after pipelines and owners, in order. */
export const HUBSPOT_ENGAGEMENT_TYPES = ['calls', 'emails', 'meetings', 'notes'] as const
export type HubspotEngagementType = (typeof HUBSPOT_ENGAGEMENT_TYPES)[number]
export type HubspotObjectType = 'deals' | 'contacts' | HubspotEngagementType

/** The property incremental searches filter and sort on. */
export function lastModifiedProperty(type: HubspotObjectType): string {
  return type === 'contacts' ? 'lastmodifieddate' : 'hs_lastmodifieddate'
}

/** The properties the sync asks for, per object type. */
export const HUBSPOT_PROPERTIES: Record<HubspotObjectType, string[]> = {
  deals: [
    'dealname',
    'amount',
    'closedate',
    'dealstage',
    'pipeline',
    'hubspot_owner_id',
    'deal_currency_code',
    'hs_lastmodifieddate',
  ],
  contacts: ['firstname', 'lastname', 'email', 'jobtitle', 'company', 'lastmodifieddate'],
  calls: [
    'hs_call_title',
    'hs_call_body',
    'hs_call_transcript',
    'hs_call_direction',
    'hs_timestamp',
    'hs_lastmodifieddate',
  ],
  emails: [
    'hs_email_subject',
    'hs_email_text',
    'hs_email_html',
    'hs_email_direction',
    'hs_email_from_email',
    'hs_email_to_email',
    'hs_timestamp',
    'hs_lastmodifieddate',
  ],
  meetings: [
    'hs_meeting_title',
    'hs_meeting_body',
    'hs_meeting_start_time',
    'hs_timestamp',
    'hs_lastmodifieddate',
  ],
  notes: ['hs_note_body', 'hs_timestamp', 'hs_lastmodifieddate'],
}

/** A record the sync skips, and why (shown in the status call's errors). */
export class RecordProblem extends Error {
  override name = 'RecordProblem'
}

/** What the deals phase resolves HubSpot ids against. */
export interface DealLookups {
  /** HubSpot pipeline id → our pipeline and its stages by HubSpot stage id. */
  pipelines: Map<string, { id: string; stages: Map<string, string> }>
  /** HubSpot stage id → the deal outcome it means. */
  stageOutcomes: Record<string, 'open' | 'won' | 'lost'>
  /** HubSpot owner id → our user id (owners matched by e-mail). */
  owners: Record<string, string>
}

const text = (value: string | null | undefined) => value?.trim() ?? ''

/** HubSpot's date-time properties are ISO strings; older ones are ms since epoch. */
export function readHubspotInstant(value: string | null | undefined): Date | undefined {
  const raw = text(value)
  if (!raw) return undefined
  const date = /^\d+$/.test(raw) ? new Date(Number(raw)) : new Date(raw)
  return Number.isNaN(date.getTime()) ? undefined : date
}

/** The record's last-modified time in ms, for the incremental cursor. */
export function modifiedAt(type: HubspotObjectType, record: HubspotObject): number {
  const at =
    readHubspotInstant(record.properties[lastModifiedProperty(type)]) ??
    readHubspotInstant(record.updatedAt)
  return at?.getTime() ?? 0
}

export function toDealRecord(record: HubspotObject, lookups: DealLookups): DealImportRecord {
  const props = record.properties
  const pipeline = lookups.pipelines.get(text(props.pipeline))
  if (!pipeline) throw new RecordProblem(`its pipeline "${text(props.pipeline)}" is unknown`)
  const remoteStage = text(props.dealstage)
  const stageId = pipeline.stages.get(remoteStage)
  if (!stageId) throw new RecordProblem(`its stage "${remoteStage}" is not in its pipeline`)
  const amountText = text(props.amount).replace(/,/g, '')
  let amount: string | null = null
  if (amountText) {
    const value = Number(amountText)
    if (!Number.isFinite(value) || value < 0) {
      throw new RecordProblem(`its amount "${text(props.amount)}" is not a number`)
    }
    amount = value.toFixed(2)
  }
  const close = readHubspotInstant(props.closedate)
  if (text(props.closedate) && !close) {
    throw new RecordProblem(`its close date "${text(props.closedate)}" is not a date`)
  }
  const currency = text(props.deal_currency_code).toUpperCase()
  const history = (record.propertiesWithHistory?.dealstage ?? [])
    .flatMap((entry) => {
      const at = readHubspotInstant(entry.timestamp)
      const stage = pipeline.stages.get(text(entry.value))
      return at && stage ? [{ stageId: stage, changedAt: at }] : []
    })
    .sort((a, b) => a.changedAt.getTime() - b.changedAt.getTime())
  const owner = text(props.hubspot_owner_id)
  return {
    remoteId: record.id,
    pipelineId: pipeline.id,
    stageId,
    name: text(props.dealname) || `HubSpot deal ${record.id}`,
    ownerId: owner ? (lookups.owners[owner] ?? null) : null,
    amount,
    ...(/^[A-Z]{3}$/.test(currency) ? { currency } : {}),
    closeDate: close ? close.toISOString().slice(0, 10) : null,
    status: lookups.stageOutcomes[remoteStage] ?? 'open',
    stageHistory: history,
  }
}

export function toContactRecord(record: HubspotObject): ContactImportRecord {
  const props = record.properties
  const email = text(props.email).toLowerCase()
  if (email && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new RecordProblem(`its e-mail "${text(props.email)}" is not an address`)
  }
  const name = [text(props.firstname), text(props.lastname)].filter(Boolean).join(' ')
  return {
    remoteId: record.id,
    name: name || email || `HubSpot contact ${record.id}`,
    email: email || null,
    title: text(props.jobtitle) || null,
    company: text(props.company) || null,
  }
}

/** HubSpot bodies are HTML; the engine reads text. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function utterancesOf(content: string): Utterance[] {
  try {
    return parseTranscript(content).map((u) => ({
      speaker: u.speaker,
      role: 'unknown' as const,
      text: u.text,
      ...(u.start_ms === undefined ? {} : { start_ms: u.start_ms }),
    }))
  } catch {
    return []
  }
}

const dayName = (label: string, at: Date) => `${label} ${at.toISOString().slice(0, 10)}`

/** An engagement of `dealId`, as the engagements module imports it. */
export function toEngagementRecord(
  type: HubspotEngagementType,
  record: HubspotObject,
  dealId: string,
): EngagementImportRecord {
  const props = record.properties
  const occurredAt =
    readHubspotInstant(props.hs_timestamp) ??
    (type === 'meetings' ? readHubspotInstant(props.hs_meeting_start_time) : undefined)
  if (!occurredAt) throw new RecordProblem('it has no valid hs_timestamp')
  const base = { remoteId: `hubspot:${type}:${record.id}`, dealId, occurredAt }
  const sourceFileName = `HubSpot ${type}`

  if (type === 'calls') {
    // A call with speaker lines (a transcript, or notes pasted as one) is read utterance by
    // utterance; notes only are a note, as in the CSV import.
    const content = text(props.hs_call_transcript) || htmlToText(text(props.hs_call_body))
    const utterances = content ? utterancesOf(content) : []
    const direction = text(props.hs_call_direction).toUpperCase()
    if (!content && !text(props.hs_call_title)) throw new RecordProblem('it has no body or title')
    return {
      ...base,
      type: utterances.length > 0 ? 'transcript' : 'note',
      name: text(props.hs_call_title) || dayName('Call', occurredAt),
      direction: direction === 'INBOUND' ? 'inbound' : direction === 'OUTBOUND' ? 'outbound' : null,
      participants: [],
      body: utterances.length > 0 ? '' : content,
      utterances,
      sourceFileName,
    }
  }
  if (type === 'emails') {
    const body = stripReply(text(props.hs_email_text) || htmlToText(text(props.hs_email_html)))
    const subject = text(props.hs_email_subject)
    if (!body && !subject) throw new RecordProblem('it has no body or subject')
    const participants = [
      text(props.hs_email_from_email),
      ...text(props.hs_email_to_email).split(/[;,]/),
    ]
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean)
    return {
      ...base,
      type: 'email',
      name: subject || dayName('E-mail', occurredAt),
      direction: text(props.hs_email_direction) === 'INCOMING_EMAIL' ? 'inbound' : 'outbound',
      participants: [...new Set(participants)],
      body,
      utterances: [],
      sourceFileName,
    }
  }
  if (type === 'meetings') {
    const body = htmlToText(text(props.hs_meeting_body))
    const title = text(props.hs_meeting_title)
    if (!body && !title) throw new RecordProblem('it has no body or title')
    return {
      ...base,
      type: 'meeting',
      name: title || dayName('Meeting', occurredAt),
      direction: null,
      participants: [],
      body,
      utterances: [],
      sourceFileName,
    }
  }
  const body = htmlToText(text(props.hs_note_body))
  if (!body) throw new RecordProblem('it has no body')
  return {
    ...base,
    type: 'note',
    name: dayName('Note', occurredAt),
    direction: null,
    participants: [],
    body,
    utterances: [],
    sourceFileName,
  }
}
