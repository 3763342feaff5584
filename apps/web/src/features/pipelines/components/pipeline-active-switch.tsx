import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useTranslation } from 'react-i18next'
import { SwitchWithText } from '@/components/ui/switch'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useTogglePipeline } from '../api/toggle-pipeline'

/** Whether deals can be shown for the pipeline; flips at once and flips back if the server refuses. */
export function PipelineActiveSwitch({
  pipeline,
  canEdit,
}: {
  pipeline: Pipeline
  canEdit: boolean
}) {
  const { t } = useTranslation('pipeline-setup')
  const errorText = useServerErrorText()
  const toggle = useTogglePipeline()
  const name = pipeline.name

  const flip = () =>
    toggle.mutate(pipeline.id, {
      onSuccess: (saved) =>
        saved.active
          ? notify.success(t('active.activated', { name }))
          : // Its deals leave every screen at once: say so, and offer the way back.
            notify.success(t('active.deactivated', { name }), {
              action: { label: t('active.undo'), onClick: flip },
            }),
      onError: (error) => notify.error(errorText(error, {}, t('active.failed', { name }))),
    })

  return (
    <SwitchWithText
      text={t('active.text')}
      offText={t('active.off_text')}
      checked={pipeline.active}
      disabled={!canEdit}
      aria-label={t('active.label', { name })}
      onCheckedChange={flip}
    />
  )
}
