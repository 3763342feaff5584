import { createFileRoute, redirect } from '@tanstack/react-router'

/** The private index has no page of its own: it opens the dashboard. */
export const Route = createFileRoute('/_private/_app/')({
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router's redirect protocol
    throw redirect({ to: '/dashboard/', replace: true })
  },
})
