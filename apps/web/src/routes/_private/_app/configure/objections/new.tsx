import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { NewObjectionType } from '@/features/objection-types/components/new-objection-type'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'
import { pagedListSearch, pagedListSearchMiddlewares } from '@/lib/search-params'

export const Route = createFileRoute('/_private/_app/configure/objections/new')({
  // The list's page and search travel along, so saving or going back returns to the same place.
  validateSearch: pagedListSearch,
  search: { middlewares: pagedListSearchMiddlewares },
  loader: () => loadNamespaces('objection-types'),
  pendingComponent: pendingPage('form'),
  component: NewObjectionTypePage,
})

function NewObjectionTypePage() {
  // Writes are admin-only on the server; members are told so instead of getting a form.
  return <NewObjectionType canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
