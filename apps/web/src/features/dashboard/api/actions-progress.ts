import type { DealStageHistory, PipelineActivityResponse } from '@dealcoach/contracts/deal-activity'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, HttpError } from '@/lib/api-client'
import type { ActivityModel } from '../lib/action-progress'
import { DASHBOARD_KEY, statsCache } from './stats-request'

/** The stage-history call answers at most this many deals at once (STAGE_HISTORY_MAX_DEALS). */
const STAGE_HISTORY_BATCH = 1000
/** The most recently active deals shown: one page of the activity call at its largest. */
export const ACTIVITY_DEALS_SHOWN = 100

export interface ActionsProgressParams {
  pipelineId: string | null
  startDate: string
  endDate: string
  ownerId: string | null
}

export interface ActionsProgressData {
  models: ActivityModel[]
  histories: DealStageHistory[]
  /** Deal id → owner's name, where the activity names one. */
  ownerNames: Record<string, string>
  /** How many deals had activity in the window, of which `models` are the latest. */
  total: number
}

async function stageHistories(pipelineId: string, dealIds: string[]) {
  const batches: string[][] = []
  for (let index = 0; index < dealIds.length; index += STAGE_HISTORY_BATCH) {
    batches.push(dealIds.slice(index, index + STAGE_HISTORY_BATCH))
  }
  const answers = await Promise.all(
    batches.map((batch) =>
      apiRequest<{ models: DealStageHistory[] }>(
        `/v1/deals/stage-history/bulk-get?pipeline_id=${encodeURIComponent(pipelineId)}`,
        { method: 'POST', body: batch },
      ),
    ),
  )
  return answers.flatMap((answer) => answer.models)
}

/**
 * Spec §7: the pipeline's activity in the window, and the stage history of the deals in it, from
 * which the action progress is derived. Spec §8: without a pipeline id this is a 400 'Pipeline ID
 * is required'; any other failure is logged and becomes a 500 'Failed to fetch actions progress data'.
 */
export async function fetchActionsProgress({
  pipelineId,
  startDate,
  endDate,
  ownerId,
}: ActionsProgressParams): Promise<ActionsProgressData> {
  if (!pipelineId) throw new HttpError(400, 'validation_failed', 'Pipeline ID is required')
  try {
    const query = new URLSearchParams({
      pipeline_id: pipelineId,
      start_date: startDate,
      end_date: endDate,
      page: '1',
      per_page: String(ACTIVITY_DEALS_SHOWN),
    })
    if (ownerId) query.set('owner_id', ownerId)
    const activity = await apiRequest<PipelineActivityResponse>(
      `/v1/pipelines/${encodeURIComponent(pipelineId)}/activity?${query.toString()}`,
    )
    const models = activity.models as ActivityModel[]
    const dealIds = models.map((model) => model.deal_id)
    const histories = dealIds.length > 0 ? await stageHistories(pipelineId, dealIds) : []
    const ownerNames = Object.fromEntries(
      activity.models.flatMap((model) => (model.owner ? [[model.deal_id, model.owner.name]] : [])),
    )
    return { models, histories, ownerNames, total: activity.pagination.total }
  } catch (error) {
    console.warn('The actions progress could not be loaded.', error)
    throw new HttpError(500, 'internal_error', 'Failed to fetch actions progress data')
  }
}

export const actionsProgressQueryOptions = (params: ActionsProgressParams) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, 'actions-progress', params],
    queryFn: () => fetchActionsProgress(params),
    ...statsCache,
  })

export const useActionsProgress = (params: ActionsProgressParams) =>
  useQuery({ ...actionsProgressQueryOptions(params), placeholderData: keepPreviousData })
