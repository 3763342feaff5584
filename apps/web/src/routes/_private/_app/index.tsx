import { createFileRoute, redirect } from '@tanstack/react-router'
import { onboardingChecklistQueryOptions } from '@/entities/onboarding/api/get-onboarding-checklist'
import { readAccessTokenClaims } from '@/lib/access-token'

/**
 * The private index has no page of its own. An admin who has not finished setting up lands on the
 * onboarding page (an empty dashboard would not say what to do); everyone else on the dashboard.
 */
export const Route = createFileRoute('/_private/_app/')({
  beforeLoad: async ({ context: { queryClient } }) => {
    if (readAccessTokenClaims()?.role === 'admin') {
      // Not knowing the checklist is no reason to stop: the dashboard is the safe default.
      const checklist = await queryClient
        .ensureQueryData(onboardingChecklistQueryOptions())
        .catch(() => null)
      if (checklist && checklist.completed < checklist.total) {
        // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
        throw redirect({ to: '/onboarding/', replace: true })
      }
    }
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
    throw redirect({ to: '/dashboard/', replace: true })
  },
})
