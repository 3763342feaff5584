import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/recent-activity/')({
  loader: () => loadNamespaces('activity'),
  pendingComponent: pendingPage('table'),
  component: RecentPage,
})

function RecentPage() {
  const { t } = useTranslation('activity')
  return (
    <>
      <PageHeader title={t('recent.title')} description={t('recent.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('recent.empty_title')}
        description={t('recent.empty_description')}
        // Activity comes from the calls and e-mails of deals, which anyone in the team may add.
        action={<Link to="/pipeline-overview/">{t('recent.add_deal')}</Link>}
      />
    </>
  )
}
