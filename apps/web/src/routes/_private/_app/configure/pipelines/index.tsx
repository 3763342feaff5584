import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/pipelines/')({
  loader: () => loadNamespaces('configure'),
  component: PipelinesPage,
})

function PipelinesPage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('pipelines.title')} description={t('pipelines.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('pipelines.empty_title')}
        description={t('pipelines.empty_description')}
      />
    </>
  )
}
