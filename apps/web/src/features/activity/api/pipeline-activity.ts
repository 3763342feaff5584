import type {
  DealStageHistory,
  PipelineActivityResponse,
  PipelineDealActivity,
} from '@dealcoach/contracts/deal-activity'
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import type { ActivityWindow } from '../lib/activity-feed'

/** Deals per page of the feed; each page brings every engagement of its deals in the window. */
export const ACTIVITY_PAGE_SIZE = 20

export interface RecentActivityParams extends ActivityWindow {
  pipelineId: string
  ownerId: string | undefined
}

/** One page of deals with their stage history, so the page's stage moves arrive with it. */
export interface RecentActivityPage {
  deals: PipelineDealActivity[]
  histories: DealStageHistory[]
  page: number
  total: number
}

async function fetchRecentActivityPage(
  { pipelineId, ownerId, startDate, endDate }: RecentActivityParams,
  page: number,
  signal: AbortSignal,
): Promise<RecentActivityPage> {
  const query = new URLSearchParams({
    pipeline_id: pipelineId,
    start_date: startDate,
    end_date: endDate,
    page: String(page),
    per_page: String(ACTIVITY_PAGE_SIZE),
    ...(ownerId ? { owner_id: ownerId } : {}),
  })
  const activity = await apiRequest<PipelineActivityResponse>(
    `/v1/pipelines/${encodeURIComponent(pipelineId)}/activity?${query.toString()}`,
    { signal },
  )
  const dealIds = activity.models.map((deal) => deal.deal_id)
  const histories =
    dealIds.length === 0
      ? []
      : (
          await apiRequest<{ models: DealStageHistory[] }>(
            `/v1/deals/stage-history/bulk-get?pipeline_id=${encodeURIComponent(pipelineId)}`,
            { method: 'POST', body: dealIds, signal },
          )
        ).models
  return { deals: activity.models, histories, page, total: activity.pagination.total }
}

/** Spec §7: GET /v1/pipelines/{id}/activity, a page of deals at a time, plus their stage moves. */
export const recentActivityQueryOptions = (params: RecentActivityParams) =>
  infiniteQueryOptions({
    queryKey: ['recent-activity', params] as const,
    queryFn: ({ pageParam, signal }) => fetchRecentActivityPage(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * ACTIVITY_PAGE_SIZE < last.total ? last.page + 1 : undefined,
  })

export const useRecentActivity = (params: RecentActivityParams) =>
  useInfiniteQuery(recentActivityQueryOptions(params))
