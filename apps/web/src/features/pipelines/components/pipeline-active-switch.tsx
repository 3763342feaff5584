import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Switch } from '@/components/ui/switch'
import { notify } from '@/components/ui/toast'
import { useTogglePipeline } from '../api/toggle-pipeline'
import { serverMessage } from '../utils/server-message'

/** Whether deals can be shown for the pipeline; flips at once and flips back if the server refuses. */
export function PipelineActiveSwitch({
  pipeline,
  canEdit,
}: {
  pipeline: Pipeline
  canEdit: boolean
}) {
  const { t } = useTranslation('pipeline-setup')
  const toggle = useTogglePipeline()
  const id = useId()
  const name = pipeline.name

  const onCheckedChange = () =>
    toggle.mutate(pipeline.id, {
      onSuccess: (saved) =>
        notify.success(
          saved.active ? t('active.activated', { name }) : t('active.deactivated', { name }),
        ),
      onError: (error) => notify.error(serverMessage(error) ?? t('active.failed', { name })),
    })

  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={pipeline.active}
        disabled={!canEdit}
        aria-label={t('active.label', { name })}
        onCheckedChange={onCheckedChange}
      />
      <label htmlFor={id} className="text-sm text-gray-700" aria-hidden="true">
        {t('active.text')}
      </label>
    </div>
  )
}
