import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/objections-handling/')({
  loader: () => loadNamespaces('objections'),
  pendingComponent: pendingPage('cards'),
  component: HandlingPage,
})

function HandlingPage() {
  const { t } = useTranslation('objections')
  return (
    <>
      <PageHeader title={t('handling.title')} description={t('handling.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('handling.empty_title')}
        description={t('handling.empty_description')}
        action={<Link to="/configure/objections/">{t('handling.review_types')}</Link>}
      />
    </>
  )
}
