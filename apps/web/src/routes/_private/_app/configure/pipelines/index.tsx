import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { pipelinesQueryOptions } from '@/entities/pipeline/api/list-pipelines'
import { PipelinesOverview } from '@/features/pipelines/components/pipelines-overview'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/pipelines/')({
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('pipeline-setup'),
      context.queryClient.ensureQueryData(pipelinesQueryOptions()),
    ])
  },
  pendingComponent: pendingPage('table'),
  component: PipelinesPage,
})

function PipelinesPage() {
  // Writes are admin-only on the server; members see the same page read-only.
  return <PipelinesOverview canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
