import { Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorIllustration, NotFoundIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { isPipelineMissing, usePipeline } from '@/entities/pipeline/api/get-pipeline'
import { PipelineActiveSwitch } from './pipeline-active-switch'
import { ReadOnlyNote } from './read-only-note'
import { RenamePipelineDialog } from './rename-pipeline-dialog'
import { StageMappingTools } from './stage-mapping-tools'
import { StagesEditor } from './stages-editor'

/** /configure/pipelines/{id}: the pipeline's stages and, under each, its playbook actions. */
export function PipelineDetails({ pipelineId, canEdit }: { pipelineId: string; canEdit: boolean }) {
  const { t } = useTranslation('pipeline-setup')
  const pipeline = usePipeline(pipelineId)

  if (pipeline.isPending) return <PipelineDetailsSkeleton />

  if (pipeline.isError) {
    const missing = isPipelineMissing(pipeline.error)
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t('details.title')} />
        <EmptyState
          role={missing ? undefined : 'alert'}
          icon={
            missing ? (
              <NotFoundIllustration className="h-32 w-auto text-brand-600" />
            ) : (
              <ErrorIllustration className="h-32 w-auto text-red-600" />
            )
          }
          title={missing ? t('details.not_found_title') : t('details.load_failed')}
          description={missing ? t('details.not_found_description') : undefined}
          action={
            missing ? (
              <Link to="/configure/pipelines/">{t('details.all_pipelines')}</Link>
            ) : (
              { label: t('retry'), onClick: () => void pipeline.refetch() }
            )
          }
        />
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <BackLink />
        <PageHeader
          title={pipeline.data.name}
          description={t('details.description')}
          actions={
            <>
              {canEdit ? <RenamePipelineDialog pipeline={pipeline.data} /> : null}
              <PipelineActiveSwitch pipeline={pipeline.data} canEdit={canEdit} />
            </>
          }
        />
      </div>
      {canEdit ? <StageMappingTools pipeline={pipeline.data} /> : <ReadOnlyNote />}
      <StagesEditor pipeline={pipeline.data} canEdit={canEdit} />
    </div>
  )
}

function BackLink() {
  const { t } = useTranslation('pipeline-setup')
  return (
    <Link
      to="/configure/pipelines/"
      className="inline-flex w-fit items-center gap-1 rounded-sm text-sm text-gray-600 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
      {t('details.all_pipelines')}
    </Link>
  )
}

function PipelineDetailsSkeleton() {
  const { t } = useTranslation('pipeline-setup')
  return (
    <div role="status" className="flex flex-col gap-6">
      <span className="sr-only">{t('details.loading')}</span>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="h-8 w-64 max-w-full" />
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} className="h-32 rounded-xl" />
      ))}
    </div>
  )
}
