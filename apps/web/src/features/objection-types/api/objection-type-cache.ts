import type { ObjectionType, ObjectionTypesResponse } from '@dealcoach/contracts/objections'
import type { QueryClient } from '@tanstack/react-query'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'

/** Every objection-type query starts with this key: lists, one type, its objections. */
export const OBJECTION_TYPES_KEY = ['objection-types'] as const
export const OBJECTION_TYPE_LISTS_KEY = [...OBJECTION_TYPES_KEY, 'list'] as const
export const objectionTypeDetailKey = (id: string) =>
  [...OBJECTION_TYPES_KEY, 'detail', id] as const

/** Applies a change to one type wherever it is cached: every page of the list and its own entry. */
export function patchCachedObjectionType(
  queryClient: QueryClient,
  id: string,
  patch: (objectionType: ObjectionType) => ObjectionType,
) {
  queryClient.setQueriesData<ObjectionTypesResponse>(
    { queryKey: OBJECTION_TYPE_LISTS_KEY },
    (list) =>
      list
        ? { ...list, models: list.models.map((model) => (model.id === id ? patch(model) : model)) }
        : list,
  )
  queryClient.setQueryData<ObjectionType>(objectionTypeDetailKey(id), (objectionType) =>
    objectionType ? patch(objectionType) : objectionType,
  )
}

/** Puts the server's answer in the cache, so the page shows it before the lists are fetched again. */
export const storeObjectionType = (queryClient: QueryClient, objectionType: ObjectionType) =>
  patchCachedObjectionType(queryClient, objectionType.id, () => objectionType)

/**
 * After any write: the lists are fetched again (order, totals and search matches may have changed)
 * and so is the onboarding checklist, whose "objection types reviewed" step may have moved.
 */
export const refreshAfterObjectionTypeWrite = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: OBJECTION_TYPE_LISTS_KEY }),
    invalidateOnboardingProgress(queryClient),
  ])
