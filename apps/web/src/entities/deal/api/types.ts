import type { EngagementSummary } from '@dealcoach/contracts/engagements'

// Issue 11's response and request shapes, from the shared contracts, under the names the web uses.
export type {
  AnalysisProgress,
  AnalysisStatus,
  DealActionResult as ActionResult,
  DealAnalysisBody as DealAnalysis,
  DealObjection,
} from '@dealcoach/contracts/analysis'
export type {
  CreateDealBody as DealInput,
  Deal,
  DealContact,
  DealContactInput,
  DealsResponse,
  DealStatus,
} from '@dealcoach/contracts/deals'
export type { EngagementPreview, EngagementSummary } from '@dealcoach/contracts/engagements'

export type EngagementType = EngagementSummary['type']
export type SpeakerRole = 'seller' | 'buyer' | 'unknown'
