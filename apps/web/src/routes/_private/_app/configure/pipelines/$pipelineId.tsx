import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { NotFoundIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/pipelines/$pipelineId')({
  loader: () => loadNamespaces('configure'),
  component: PipelinePage,
})

function PipelinePage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('pipeline.title')} description={t('pipeline.description')} />
      <EmptyState
        icon={<NotFoundIllustration className="h-32 w-auto text-brand-600" />}
        title={t('pipeline.empty_title')}
        description={t('pipeline.empty_description')}
        action={<Link to="/configure/pipelines/">{t('pipeline.all_pipelines')}</Link>}
      />
    </>
  )
}
