import type { OnboardingChecklist, OnboardingChecklistPatch } from '@dealcoach/contracts/onboarding'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import {
  invalidateOnboardingProgress,
  ONBOARDING_CHECKLIST_QUERY_KEY,
} from '@/entities/onboarding/api/get-onboarding-checklist'

const MUTATION_KEY = ['onboarding', 'checklist', 'update'] as const

/** Admins tick or untick steps by hand; the answer is the whole checklist. */
export const updateOnboardingChecklist = (patch: OnboardingChecklistPatch) =>
  apiRequest<OnboardingChecklist>('/v1/app-setting/onboarding_checklist', {
    method: 'PATCH',
    body: patch,
  })

/** The checklist as the server will answer it once the patch is applied. */
export function applyTicks(
  checklist: OnboardingChecklist,
  patch: OnboardingChecklistPatch,
): OnboardingChecklist {
  const wanted = new Map(patch.steps.map((step) => [step.key, step.ticked]))
  const steps = checklist.steps.map((step) => {
    const ticked = wanted.get(step.key) ?? step.ticked
    return { ...step, ticked, done: step.computed || ticked }
  })
  return { ...checklist, steps, completed: steps.filter((step) => step.done).length }
}

/** Optimistic: the step moves at once and moves back if the server refuses. */
export const useUpdateOnboardingChecklist = () => {
  const queryClient = useQueryClient()
  // Only the last of several quick ticks writes the server's answer, so an earlier answer does
  // not briefly undo a later tick that is still in flight.
  const isLastInFlight = () => queryClient.isMutating({ mutationKey: MUTATION_KEY }) === 1
  return useMutation({
    mutationKey: MUTATION_KEY,
    mutationFn: updateOnboardingChecklist,
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: ONBOARDING_CHECKLIST_QUERY_KEY })
      const previous = queryClient.getQueryData<OnboardingChecklist>(ONBOARDING_CHECKLIST_QUERY_KEY)
      if (previous) {
        queryClient.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, applyTicks(previous, patch))
      }
      return { previous }
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) {
        queryClient.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, context.previous)
      }
    },
    onSuccess: (checklist) => {
      if (isLastInFlight()) queryClient.setQueryData(ONBOARDING_CHECKLIST_QUERY_KEY, checklist)
    },
    // After a failure the cache holds a snapshot; read the truth again once nothing is in flight.
    onSettled: (_checklist, error) => {
      if (error && isLastInFlight()) void invalidateOnboardingProgress(queryClient)
    },
  })
}
