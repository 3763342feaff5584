import { createFileRoute } from '@tanstack/react-router'
import { pendingPage } from '@/components/layout/pending-page'
import { NewImport } from '@/features/imports/components/new-import'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/imports/new')({
  loader: () => loadNamespaces('imports'),
  pendingComponent: pendingPage('form'),
  component: NewImportPage,
})

function NewImportPage() {
  // Uploads are admin-only on the server; members are told so instead of getting a form.
  return <NewImport canEdit={readAccessTokenClaims()?.role === 'admin'} />
}
