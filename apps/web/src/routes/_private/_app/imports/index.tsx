import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { importsQueryOptions } from '@/features/imports/api/imports-api'
import { ImportsOverview } from '@/features/imports/components/imports-overview'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { pagedListSearch, pagedListSearchMiddlewares } from '@/lib/search-params'

export const Route = createFileRoute('/_private/_app/imports/')({
  validateSearch: pagedListSearch,
  search: { middlewares: pagedListSearchMiddlewares },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      loadNamespaces('imports'),
      context.queryClient.ensureQueryData(importsQueryOptions(deps.page)).catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('table'),
  component: ImportsPage,
})

function ImportsPage() {
  const { page } = Route.useSearch()
  // Uploads and commits are admin-only on the server; members see the list read-only.
  return <ImportsOverview page={page} canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
