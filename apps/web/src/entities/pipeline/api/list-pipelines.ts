import type { PipelinesResponse } from '@dealcoach/contracts/pipelines'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** Spec §7/§9: GET /v1/pipelines?pages&page_size, page 1 and 100 per page. */
export const PIPELINES_PAGE_SIZE = 100

export const listPipelines = () =>
  apiRequest<PipelinesResponse>(`/v1/pipelines?pages=1&page_size=${PIPELINES_PAGE_SIZE}`)

export const pipelinesQueryOptions = () =>
  queryOptions({ queryKey: ['pipelines', 'list'], queryFn: listPipelines })

export const usePipelines = () => useQuery(pipelinesQueryOptions())
