import type { OnboardingChecklist } from '@dealcoach/contracts/onboarding'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { ONBOARDING_CHECKLIST_QUERY_KEY, onboardingProgressCache } from '@/lib/query-client'

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
