import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query'
import { dealKeys } from '@/entities/deal/api/deals-api'
import type { Deal, DealsResponse } from '@/entities/deal/api/types'
import { apiRequest } from '@/lib/api-client'
import { filteredDealKeys } from './list-filtered-deals'

export interface MoveDealInput {
  deal: Deal
  toStageId: string
}

type ColumnData = InfiniteData<DealsResponse, number>
type ColumnKey = ReturnType<typeof filteredDealKeys.column>

const withTotal = (page: DealsResponse, change: number): DealsResponse => ({
  ...page,
  pagination: { ...page.pagination, total: Math.max(0, page.pagination.total + change) },
})

/** The column without the deal, one fewer in its count. */
function removeFrom(data: ColumnData, dealId: string): ColumnData {
  if (!data.pages.some((page) => page.data.some((deal) => deal.id === dealId))) return data
  return {
    ...data,
    pages: data.pages.map((page) =>
      withTotal({ ...page, data: page.data.filter((deal) => deal.id !== dealId) }, -1),
    ),
  }
}

/** The column with the deal on top, one more in its count. */
function addTo(data: ColumnData, deal: Deal): ColumnData {
  const [first, ...rest] = data.pages
  if (!first) return data
  return {
    ...data,
    pages: [
      withTotal({ ...first, data: [deal, ...first.data] }, 1),
      ...rest.map((page) => withTotal(page, 1)),
    ],
  }
}

/**
 * PATCH /v1/deals/{id} with the new stage (the server writes the stage history). The board moves
 * the card at once and puts it back if the server refuses; afterwards every deal list, the deal
 * and the counts are read again.
 */
export function useMoveDeal(pipelineId: string) {
  const queryClient = useQueryClient()
  const boardKey = filteredDealKeys.board(pipelineId)
  return useMutation({
    mutationFn: ({ deal, toStageId }: MoveDealInput) =>
      apiRequest<Deal>(`/v1/deals/${encodeURIComponent(deal.id)}`, {
        method: 'PATCH',
        body: { stage_id: toStageId },
      }),
    onMutate: async ({ deal, toStageId }) => {
      await queryClient.cancelQueries({ queryKey: boardKey })
      const before = queryClient.getQueriesData<ColumnData>({ queryKey: boardKey })
      const moved: Deal = { ...deal, stage_id: toStageId }
      for (const [key, data] of before) {
        if (!data) continue
        const stageId = (key as ColumnKey)[3]
        const next = stageId === toStageId ? addTo(data, moved) : removeFrom(data, deal.id)
        queryClient.setQueryData<ColumnData>(key, next)
      }
      return { before }
    },
    onError: (_error, _input, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data)
    },
    // 'deals' covers the deal itself, every list and the counts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: dealKeys.all }),
  })
}
