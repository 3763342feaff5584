import type { LatestOnboardingFormResponse } from '@dealcoach/contracts/onboarding'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** The latest questionnaire submission, or `{form: null}` before the first. */
export const getOnboardingForm = () =>
  apiRequest<LatestOnboardingFormResponse>('/v1/forms/client_onboarding')

export const onboardingFormQueryOptions = () =>
  queryOptions({ queryKey: ['onboarding', 'form'], queryFn: getOnboardingForm })

export const useOnboardingForm = () => useQuery(onboardingFormQueryOptions())
