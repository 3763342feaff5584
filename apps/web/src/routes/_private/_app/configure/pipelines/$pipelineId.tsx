import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { isPipelineMissing, pipelineQueryOptions } from '@/entities/pipeline/api/get-pipeline'
import { PipelineDetails } from '@/features/pipelines/components/pipeline-details'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/pipelines/$pipelineId')({
  loader: async ({ context, params }) => {
    await Promise.all([
      loadNamespaces('pipeline-setup'),
      context.queryClient
        .ensureQueryData(pipelineQueryOptions(params.pipelineId))
        // An unknown id is the page's own not-found state, not the router's error page.
        .catch((error: unknown) => {
          if (!isPipelineMissing(error)) throw error
        }),
    ])
  },
  pendingComponent: pendingPage('detail'),
  component: PipelinePage,
})

function PipelinePage() {
  const { pipelineId } = Route.useParams()
  // Writes are admin-only on the server; members see the same page read-only.
  return (
    <PipelineDetails pipelineId={pipelineId} canEdit={readAccessTokenClaims()?.role === 'admin'} />
  )
}
