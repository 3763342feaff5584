import type {
  ActivityHealthStats,
  DealActivity as DealActivityBody,
  DealStageHistory as DealStageHistoryBody,
  PipelineDealActivity as PipelineDealActivityBody,
} from '@dealcoach/contracts/deal-activity'
import type { EngagedDealContact } from '@dealcoach/contracts/deals'
import type {
  DealActivity,
  EngagedContact,
  EngagementActivity,
  PipelineDealActivity,
} from './deal-activity.service.js'
import type { ActivityHealth, DealStageHistory } from './deal-stages.service.js'
import { toDealContactBody } from './deals.mappers.js'

type ActivityActionBody = DealActivityBody['activity'][number]['actions'][number]

/**
 * A stored result stored before its codes answers its English alone: an absent code is
 * `undefined`, which JSON leaves out. Every body gets all its fields, in one shape: bodies built
 * by spreading the codes that are there had many shapes, and recent activity's page, with its
 * hundreds of results, spent about 2 ms of the server's CPU building them (bench:cpu).
 */
function toActivityActionBody(action: EngagementActivity['actions'][number]): ActivityActionBody {
  return {
    action: action.actionName,
    action_id: action.actionId,
    summary: action.summary,
    summary_code: action.summaryCode ?? undefined,
    summary_params: action.summaryParams ?? undefined,
    status: action.status,
    status_description: action.statusDescription,
    status_description_code: action.statusDescriptionCode ?? undefined,
    status_description_params: action.statusDescriptionParams ?? undefined,
    results: action.results.map(({ type, result }) => ({ type, result })),
  }
}

export function toDealActivityBody(deal: DealActivity): DealActivityBody {
  return {
    deal_id: deal.dealId,
    deal_name: deal.dealName,
    activity: deal.activity.map((entry) => ({
      engagement_timestamp: entry.occurredAt.toISOString(),
      engagement_id: entry.engagementId,
      actions: entry.actions.map(toActivityActionBody),
    })),
  }
}

/** The deal activity body, plus stage, owner, engagement kinds, objections and prior statuses. */
export function toPipelineDealActivityBody(deal: PipelineDealActivity): PipelineDealActivityBody {
  return {
    deal_id: deal.dealId,
    deal_name: deal.dealName,
    stage_id: deal.stageId,
    owner: deal.owner,
    latest_activity_at: deal.latestAt.toISOString(),
    activity: deal.activity.map((entry) => ({
      engagement_timestamp: entry.occurredAt.toISOString(),
      engagement_id: entry.engagementId,
      actions: entry.actions.map(toActivityActionBody),
      engagement_type: entry.type,
      engagement_name: entry.name,
      objections: entry.objections.map((objection) => ({
        objection_id: objection.id,
        objection_type_id: objection.objectionTypeId,
        objection_type_name: objection.objectionTypeName,
        quote: objection.text,
        handled: objection.handled,
        utterance_index: objection.utteranceIndex,
      })),
    })),
    prior_statuses: deal.priorStatuses.map(({ actionId, status }) => ({
      action_id: actionId,
      status,
    })),
  }
}

const historyStage = (stageId: string, name: string | null) =>
  name === null ? { stage_id: stageId } : { stage_id: stageId, name }

export function toStageHistoryBody({ dealId, history }: DealStageHistory): DealStageHistoryBody {
  return {
    deal_id: dealId,
    history: history.map((entry) => ({
      timestamp: entry.changedAt.toISOString(),
      from_stage:
        entry.fromStageId === null ? null : historyStage(entry.fromStageId, entry.fromStageName),
      to_stage: historyStage(entry.toStageId, entry.toStageName),
    })),
  }
}

export function toActivityHealthBody(health: ActivityHealth): ActivityHealthStats {
  return {
    pipeline_id: health.pipelineId,
    total: health.total,
    overall: health.overall,
    stages: health.stages.map((stage) => ({
      stage_id: stage.stageId,
      name: stage.name,
      total: stage.total,
      counts: stage.counts,
    })),
  }
}

export function toEngagedContactBody(contact: EngagedContact): EngagedDealContact {
  return {
    ...toDealContactBody(contact),
    engagement_count: contact.engagementCount,
    last_engaged_at: contact.lastEngagedAt?.toISOString() ?? null,
  }
}
