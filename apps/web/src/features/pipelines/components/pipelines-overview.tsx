import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Link } from '@tanstack/react-router'
import { ChevronRight, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration, ErrorIllustration } from '@/components/ui/illustrations'
import { Skeleton } from '@/components/ui/skeleton'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { CreatePipelineDialog } from './create-pipeline-dialog'
import { DeletePipelineDialog } from './delete-pipeline-dialog'
import { PipelineActiveSwitch } from './pipeline-active-switch'
import { ReadOnlyNote } from './read-only-note'

/** /configure/pipelines/: the organisation's pipelines; admins create, switch and delete them. */
export function PipelinesOverview({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('pipeline-setup')
  const pipelines = usePipelines()
  const [creating, setCreating] = useState(false)
  const [deleting, setDeleting] = useState<Pipeline | null>(null)
  // The deleted row's button is gone: the focus moves to the first remaining pipeline, or to the
  // "New pipeline" button when none is left.
  const pageRef = useRef<HTMLDivElement>(null)
  const focusList = () =>
    requestAnimationFrame(() => {
      const page = pageRef.current
      const target = page?.querySelector<HTMLElement>('ul a') ?? page?.querySelector('button')
      target?.focus()
    })

  return (
    <div ref={pageRef} className="flex flex-col gap-6">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          canEdit ? <CreatePipelineDialog open={creating} onOpenChange={setCreating} /> : null
        }
      />
      {!canEdit ? <ReadOnlyNote /> : null}
      {pipelines.isPending ? (
        <PipelineListSkeleton />
      ) : pipelines.isError ? (
        <EmptyState
          role="alert"
          icon={<ErrorIllustration className="h-28 w-auto text-red-600" />}
          title={t('list.load_failed')}
          action={{ label: t('retry'), onClick: () => void pipelines.refetch() }}
        />
      ) : pipelines.data.models.length === 0 ? (
        <EmptyState
          className="rounded-xl border border-dashed border-gray-300 bg-white"
          icon={<EmptyIllustration className="h-28 w-auto text-brand-600" />}
          title={t('list.empty_title')}
          description={canEdit ? t('list.empty_description') : t('list.empty_description_member')}
          action={
            canEdit ? { label: t('create.open'), onClick: () => setCreating(true) } : undefined
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('list.title')}>
          {pipelines.data.models.map((pipeline) => (
            <PipelineRow
              key={pipeline.id}
              pipeline={pipeline}
              canEdit={canEdit}
              onDelete={() => setDeleting(pipeline)}
            />
          ))}
        </ul>
      )}
      {deleting ? (
        <DeletePipelineDialog
          pipeline={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null)
            focusList()
          }}
        />
      ) : null}
    </div>
  )
}

function PipelineRow({
  pipeline,
  canEdit,
  onDelete,
}: {
  pipeline: Pipeline
  canEdit: boolean
  onDelete: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const stageNames = pipeline.stages.map((stage) => stage.name).join(' · ')
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs">
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        <Link
          to="/configure/pipelines/$pipelineId/"
          params={{ pipelineId: pipeline.id }}
          className="group inline-flex w-fit max-w-full items-center gap-1 rounded-sm font-medium text-gray-900 outline-none hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          <span dir="auto" className="truncate">
            {pipeline.name}
          </span>
          <ChevronRight
            aria-hidden="true"
            className="size-4 shrink-0 text-gray-400 group-hover:text-brand-700 rtl:rotate-180"
          />
        </Link>
        <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
          {pipeline.active ? null : <Badge variant="secondary">{t('list.inactive')}</Badge>}
          {t('list.size', {
            stages: t('stage_count', { count: pipeline.stages.length }),
            actions: t('action_count', { count: pipeline.actions.length }),
          })}
        </p>
        {stageNames ? (
          <p dir="auto" className="truncate text-xs text-gray-500">
            {stageNames}
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <PipelineActiveSwitch pipeline={pipeline} canEdit={canEdit} />
        {canEdit ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t('delete.open', { name: pipeline.name })}
            className="text-gray-500 hover:text-red-700"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        ) : null}
      </div>
    </li>
  )
}

function PipelineListSkeleton() {
  const { t } = useTranslation('pipeline-setup')
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{t('list.loading')}</span>
      {[0, 1, 2].map((row) => (
        <div
          key={row}
          className="flex items-center gap-4 rounded-xl border border-gray-200 bg-white p-4"
        >
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-5 w-48 max-w-full" />
            <Skeleton className="h-4 w-32" />
          </div>
          <Skeleton className="h-5 w-9 rounded-full" />
        </div>
      ))}
    </div>
  )
}
