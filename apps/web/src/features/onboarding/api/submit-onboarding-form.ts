import type { OnboardingForm, OnboardingFormBody } from '@dealcoach/contracts/onboarding'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { onboardingFormQueryOptions } from './get-onboarding-form'

/** Spec §3/§5: the body holds only the answered questions (see buildOnboardingPayload). */
export const submitOnboardingForm = (body: OnboardingFormBody) =>
  apiRequest<OnboardingForm>('/v1/forms/client_onboarding', { method: 'POST', body })

export const useSubmitOnboardingForm = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: submitOnboardingForm,
    // The submission is now the latest one, which is what the GET answers.
    onSuccess: (form) => queryClient.setQueryData(onboardingFormQueryOptions().queryKey, { form }),
  })
}
