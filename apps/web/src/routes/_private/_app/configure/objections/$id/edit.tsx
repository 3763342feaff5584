import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { objectionTypeQueryOptions } from '@/features/objection-types/api/get-objection-type'
import { EditObjectionType } from '@/features/objection-types/components/edit-objection-type'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { pagedListSearch, pagedListSearchMiddlewares } from '@/lib/search-params'
import { leaveFailureToPage } from '@/lib/query-client'

export const Route = createFileRoute('/_private/_app/configure/objections/$id/edit')({
  // The list's page and search travel along, so saving or going back returns to the same place.
  validateSearch: pagedListSearch,
  search: { middlewares: pagedListSearchMiddlewares },
  loader: async ({ context, params }) => {
    // An unknown id is the page's own not-found state, and any other failure its error state
    // with a retry.
    await Promise.all([
      loadNamespaces('objection-types'),
      context.queryClient
        .ensureQueryData(objectionTypeQueryOptions(params.id))
        .catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('form'),
  component: EditObjectionTypePage,
})

function EditObjectionTypePage() {
  const { id } = Route.useParams()
  // Writes are admin-only on the server; members see the same form read-only.
  return <EditObjectionType id={id} canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
