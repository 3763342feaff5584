import type { ObjectionTypesResponse } from '@dealcoach/contracts/objections'
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { OBJECTION_TYPE_LISTS_KEY } from './objection-type-cache'

/** Spec §9: objection types are listed 30 to a page. */
export const OBJECTION_TYPES_PAGE_SIZE = 30
const MAX_PAGE = 100_000

export interface ObjectionTypesListQuery {
  page: number
  /** Matches names and descriptions; blank means no filter. */
  search?: string | undefined
}

/** Spec §7: GET /v1/objections/types?page&page_size, plus the optional search. */
export const listObjectionTypes = ({ page, search }: ObjectionTypesListQuery) => {
  const params = new URLSearchParams({
    // The server refuses pages past 100,000; an edited URL then shows the last page instead.
    page: String(Math.min(page, MAX_PAGE)),
    page_size: String(OBJECTION_TYPES_PAGE_SIZE),
  })
  const text = search?.trim()
  if (text) params.set('search', text)
  return apiRequest<ObjectionTypesResponse>(`/v1/objections/types?${params.toString()}`)
}

export const objectionTypesQueryOptions = ({ page, search }: ObjectionTypesListQuery) => {
  const text = search?.trim() || undefined
  return queryOptions({
    queryKey: [...OBJECTION_TYPE_LISTS_KEY, { page, search: text }],
    queryFn: () => listObjectionTypes({ page, search: text }),
    // Paging and typing a search keep the previous rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  })
}

export const useObjectionTypes = (query: ObjectionTypesListQuery) =>
  useQuery(objectionTypesQueryOptions(query))

/** The most types one page holds (spec §7: page_size up to 1000). */
const ALL_TYPES_PAGE_SIZE = 1000

/**
 * Every type of the organisation, on one page: what a framework's types are checked against. It
 * sits under the lists' key, so every write refreshes it.
 */
export const allObjectionTypesQueryOptions = () =>
  queryOptions({
    queryKey: [...OBJECTION_TYPE_LISTS_KEY, 'all'],
    queryFn: () =>
      apiRequest<ObjectionTypesResponse>(
        `/v1/objections/types?page=1&page_size=${ALL_TYPES_PAGE_SIZE}`,
      ),
  })
