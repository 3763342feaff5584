import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { objectionTypesQueryOptions } from '@/features/objection-types/api/list-objection-types'
import { ObjectionTypesOverview } from '@/features/objection-types/components/objection-types-overview'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { pageSearchParam, textSearchParam } from '@/lib/search-params'

const objectionTypesSearch = z.looseObject({ page: pageSearchParam, search: textSearchParam })

export const Route = createFileRoute('/_private/_app/configure/objections/')({
  validateSearch: objectionTypesSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, search: search.search }),
  loader: async ({ context, deps }) => {
    // prefetchQuery never throws: the page shows its own error state with a retry.
    await Promise.all([
      loadNamespaces('objection-types'),
      context.queryClient.prefetchQuery(objectionTypesQueryOptions(deps)),
    ])
  },
  component: ObjectionTypesPage,
})

function ObjectionTypesPage() {
  const { page, search } = Route.useSearch()
  // Writes are admin-only on the server; members see the same page read-only.
  return (
    <ObjectionTypesOverview
      page={page ?? 1}
      search={search}
      canEdit={readAccessTokenClaims()?.role === 'admin'}
    />
  )
}
