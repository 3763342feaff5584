import type { TypeObjectionsResponse } from '@dealcoach/contracts/objections'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { OBJECTION_TYPES_KEY } from './objection-type-cache'

/** Spec §9: up to 100 objections are shown per type. */
export const TYPE_OBJECTIONS_PAGE_SIZE = 100

/**
 * Spec §7: GET /v1/objections/types/{id}/objections?page&page_size&since, newest first.
 * Spec §8: when it fails the failure is logged and the type shows an empty list with count 0.
 */
export async function listTypeObjections(
  typeId: string,
  { page = 1, since }: { page?: number; since?: string } = {},
): Promise<TypeObjectionsResponse> {
  const params = new URLSearchParams({
    page: String(page),
    page_size: String(TYPE_OBJECTIONS_PAGE_SIZE),
  })
  if (since) params.set('since', since)
  try {
    return await apiRequest<TypeObjectionsResponse>(
      `/v1/objections/types/${encodeURIComponent(typeId)}/objections?${params.toString()}`,
    )
  } catch (error) {
    // A warning, not an error: the page goes on with an empty list, as the spec asks.
    console.warn(`The objections of type ${typeId} could not be loaded.`, error)
    return {
      models: [],
      pagination: { page, page_size: TYPE_OBJECTIONS_PAGE_SIZE, total: 0 },
    }
  }
}

export const typeObjectionsQueryOptions = (typeId: string) =>
  queryOptions({
    queryKey: [...OBJECTION_TYPES_KEY, 'objections', typeId],
    queryFn: () => listTypeObjections(typeId),
  })

export const useTypeObjections = (typeId: string) => useQuery(typeObjectionsQueryOptions(typeId))
