import type {
  EngagementDetail,
  EngagementPreview,
  EngagementSummary,
} from '@dealcoach/contracts/engagements'
import type { WithPeople } from './engagement-people.js'
import type { EngagementRow, EngagementSummaryRow } from './engagements.repository.js'
import type { PreparedEngagement, SpeakerProposal } from './prepare-engagement.js'

export function toEngagementSummaryBody(row: WithPeople<EngagementSummaryRow>): EngagementSummary {
  return {
    id: row.id,
    deal_id: row.dealId,
    type: row.type,
    name: row.name,
    occurred_at: row.occurredAt.toISOString(),
    direction: toDirection(row.direction),
    participants: row.participants,
    people: row.people,
    source_file_name: row.sourceFileName,
    utterance_count: row.utteranceCount,
    created_at: row.createdAt.toISOString(),
  }
}

export function summaryOf<T extends EngagementRow>(row: T): T & EngagementSummaryRow {
  return { ...row, utteranceCount: row.utterances.length }
}

export function toEngagementBody(row: WithPeople<EngagementRow>): EngagementDetail {
  return {
    ...toEngagementSummaryBody(summaryOf(row)),
    utterances: row.utterances.map((u) => ({
      speaker: u.speaker,
      role: u.role,
      text: u.text,
      ...(u.start_ms === undefined ? {} : { start_ms: u.start_ms }),
    })),
    body: row.body,
    // E-mails are named after their subject when stored.
    ...(row.type === 'email' ? { subject: row.name } : {}),
  }
}

export function toPreviewBody(
  prepared: PreparedEngagement,
  speakers: readonly SpeakerProposal[],
  duplicateOf: { id: string; name: string } | undefined,
): EngagementPreview {
  return {
    type: prepared.type,
    name: prepared.name,
    occurred_at: prepared.occurredAt.toISOString(),
    speakers: speakers.map((s) => ({
      speaker: s.speaker,
      proposed_role: s.role,
      matched: s.matched,
      utterance_count: s.utteranceCount,
      sample: s.sample,
    })),
    duplicate_of: duplicateOf ?? null,
  }
}

function toDirection(value: string | null): 'inbound' | 'outbound' | null {
  return value === 'inbound' || value === 'outbound' ? value : null
}
