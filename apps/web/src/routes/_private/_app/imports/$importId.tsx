import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { importQueryOptions } from '@/features/imports/api/imports-api'
import { ImportDetails } from '@/features/imports/components/import-details'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'

export const Route = createFileRoute('/_private/_app/imports/$importId')({
  loader: async ({ context, params }) => {
    await Promise.all([
      loadNamespaces('imports'),
      // An unknown id is the page's own not-found state, not the router's error page.
      context.queryClient
        .ensureQueryData(importQueryOptions(params.importId))
        .catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('detail'),
  component: ImportPage,
})

function ImportPage() {
  const { importId } = Route.useParams()
  // The commit is admin-only on the server; members follow the import read-only.
  return <ImportDetails importId={importId} canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
