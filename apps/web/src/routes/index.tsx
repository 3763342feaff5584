import { createFileRoute } from '@tanstack/react-router'
import { healthQueryOptions } from '@/features/status/api/get-health'
import { ServerStatus } from '@/features/status/components/server-status'

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.prefetchQuery(healthQueryOptions()),
  component: HomePage,
})

function HomePage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-6 p-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">Dealcoach</h1>
        <p className="text-slate-600">Sales coaching and deal intelligence</p>
      </header>
      <ServerStatus />
    </main>
  )
}
