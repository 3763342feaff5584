import type { ObjectionType } from '@dealcoach/contracts/objections'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest, HttpError } from '@/lib/api-client'
import { objectionTypeDetailKey } from './objection-type-cache'

export const getObjectionType = (id: string) =>
  apiRequest<ObjectionType>(`/v1/objections/types/${encodeURIComponent(id)}`)

/** A 404 (unknown, deleted or another organisation's id) or 400 (not an id at all). */
export const isObjectionTypeMissing = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 400)

export const objectionTypeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: objectionTypeDetailKey(id),
    queryFn: () => getObjectionType(id),
    retry: (failureCount, error) => !isObjectionTypeMissing(error) && failureCount < 1,
    // The loader already asked; a missing type stays missing until something invalidates it.
    retryOnMount: false,
  })

export const useObjectionType = (id: string) => useQuery(objectionTypeQueryOptions(id))
