import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { NotFoundIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/deals/$dealId')({
  loader: () => loadNamespaces('deals'),
  pendingComponent: pendingPage('detail'),
  component: DealPage,
})

function DealPage() {
  const { t } = useTranslation('deals')
  return (
    <>
      <PageHeader title={t('deal.title')} description={t('deal.description')} />
      <EmptyState
        icon={<NotFoundIllustration className="h-32 w-auto text-brand-600" />}
        title={t('deal.empty_title')}
        description={t('deal.empty_description')}
        action={<Link to="/dashboard/">{t('deal.back_to_dashboard')}</Link>}
      />
    </>
  )
}
