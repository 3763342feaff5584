// Issue 11's response shapes, written here until packages/contracts/src/{deals,engagements,analysis}.ts
// export them; then these become re-exports.

export type DealStatus = 'open' | 'won' | 'lost'

export interface DealContact {
  id: string
  name: string
  email: string | null
  title: string | null
  role: string | null
}

export interface Deal {
  id: string
  pipeline_id: string
  stage_id: string
  owner_id: string | null
  name: string
  amount: number | null
  currency: string | null
  close_date: string | null
  status: DealStatus
  source: 'manual' | 'demo' | 'import' | 'crm'
  last_activity_at: string | null
  created_at: string
  updated_at: string
  stage?: { id: string; name: string }
  owner?: { id: string; first_name: string; last_name: string } | null
  contacts?: DealContact[]
}

export interface DealsResponse {
  data: Deal[]
  pagination: { page: number; page_size: number; total: number }
}

export interface DealContactInput {
  id?: string
  name: string
  email?: string | null
  title?: string | null
  role?: string | null
}

export interface DealInput {
  pipeline_id: string
  stage_id: string
  name: string
  owner_id?: string
  amount?: number | null
  currency?: string
  close_date?: string | null
  status?: DealStatus
  contacts?: DealContactInput[]
}

export type EngagementType = 'transcript' | 'email' | 'meeting' | 'note'

export interface EngagementSummary {
  id: string
  deal_id: string
  type: EngagementType
  name: string
  occurred_at: string
  direction: 'inbound' | 'outbound' | null
  participants: string[]
  source_file_name: string | null
  utterance_count: number
  created_at: string
}

export type SpeakerRole = 'seller' | 'buyer' | 'unknown'

export interface EngagementPreview {
  type: EngagementType
  name: string
  occurred_at: string
  speakers: {
    speaker: string
    proposed_role: SpeakerRole
    matched: 'user' | 'contact' | null
    utterance_count: number
    sample: string
  }[]
  duplicate_of: { id: string; name: string } | null
}

export type AnalysisStatus = 'none' | 'queued' | 'running' | 'done' | 'failed'

export interface ActionResult {
  action_id: string
  action: string
  stage_id: string
  status: 'Completed' | 'Pending' | 'In progress'
  summary: string
  status_description: string
  results: { type: 'email' | 'transcript'; result: string }[]
  engagement_id: string | null
}

export interface DealObjection {
  id: string
  objection_type_id: string
  type_name: string
  engagement_id: string
  utterance_index: number | null
  text: string
  speaker: string | null
  handled: boolean
  handling_score: number
  response: string | null
  occurred_at: string
}

export interface DealAnalysis {
  deal_id: string
  status: AnalysisStatus
  run_id: string | null
  analysed_at: string | null
  engine_version: string | null
  error: string | null
  action_results: ActionResult[]
  objections: DealObjection[]
  solution_fit: { tier: 1 | 2 | 3 | 4; scoring: unknown[] } | null
  confidence: { score: number; factors: unknown[] } | null
  risks: unknown[]
}

export interface AnalysisBackfill {
  id: string
  reason: 'pipeline_actions' | 'objection_types' | 'product_profile'
  total: number
  done: number
  failed: number
  created_at: string
}
