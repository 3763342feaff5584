import type { OnboardingChecklist } from '@dealcoach/contracts/onboarding'
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { onboardingProgressCache } from '@/lib/query-client'

/**
 * The onboarding checklist's cache key. It never goes stale, so every feature whose writes can
 * tick a step (product, pipelines, objection types, invitations, CRM) invalidates it on success.
 */
export const ONBOARDING_CHECKLIST_QUERY_KEY = ['onboarding', 'checklist'] as const

export const getOnboardingChecklist = () =>
  apiRequest<OnboardingChecklist>('/v1/app-setting/onboarding_checklist')

/** Spec §9: never stale; the writes that can complete a step invalidate it instead. */
export const onboardingChecklistQueryOptions = () =>
  queryOptions({
    queryKey: ONBOARDING_CHECKLIST_QUERY_KEY,
    queryFn: getOnboardingChecklist,
    ...onboardingProgressCache,
  })

export const useOnboardingChecklist = () => useQuery(onboardingChecklistQueryOptions())

export const invalidateOnboardingProgress = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ONBOARDING_CHECKLIST_QUERY_KEY })
