import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { objectionTypesQueryOptions } from '@/features/objection-types/api/list-objection-types'
import { ObjectionTypesOverview } from '@/features/objection-types/components/objection-types-overview'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { leaveFailureToPage } from '@/lib/query-client'
import { pagedListSearch, pagedListSearchMiddlewares } from '@/lib/search-params'

export const Route = createFileRoute('/_private/_app/configure/objections/')({
  validateSearch: pagedListSearch,
  search: { middlewares: pagedListSearchMiddlewares },
  loaderDeps: ({ search }) => ({ page: search.page, search: search.search }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      loadNamespaces('objection-types'),
      context.queryClient
        .ensureQueryData(objectionTypesQueryOptions(deps))
        .catch(leaveFailureToPage),
    ])
  },
  pendingComponent: pendingPage('table'),
  component: ObjectionTypesPage,
})

function ObjectionTypesPage() {
  const { page, search } = Route.useSearch()
  // Writes are admin-only on the server; members see the same page read-only.
  return (
    <ObjectionTypesOverview
      page={page}
      search={search}
      canEdit={readAccessTokenClaims()?.role === 'admin'}
    />
  )
}
