import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '@/components/ui/dialog-actions'
import { FormAlert } from '@/components/ui/form-alert'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import { isHttpError } from '@/lib/api-client'
import { detailsWithCode } from '@/lib/form-errors'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useDeletePipeline } from '../api/delete-pipeline'

/**
 * Deletes a pipeline after a confirmation; one that still has deals is refused with the server's
 * reason. Rendered outside the pipeline's row, which disappears while the server is asked.
 */
export function DeletePipelineDialog({
  pipeline,
  onClose,
  onDeleted,
}: {
  pipeline: Pipeline
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const errorText = useServerErrorText()
  const remove = useDeletePipeline()
  const [refusal, setRefusal] = useState<string | null>(null)
  const name = pipeline.name

  /** How many deals keep the pipeline, in the server's detail; a plain text without it. */
  const hasDealsText = (error: unknown) => {
    const count = detailsWithCode(error, 'pipeline_has_deals')[0]?.params?.deal_count
    return typeof count === 'number'
      ? t('delete.has_deals', { count })
      : t('common:form_errors.pipeline_has_deals')
  }

  const confirm = () =>
    remove.mutate(pipeline.id, {
      onSuccess: () => {
        notify.success(t('delete.deleted', { name }))
        onDeleted()
      },
      onError: (error) => {
        // The dialog stays open with the reason: the deals have to go first.
        if (isHttpError(error, 'pipeline_has_deals')) {
          setRefusal(hasDealsText(error))
        } else {
          notify.error(errorText(error, {}, t('delete.failed', { name })))
          onClose()
        }
      },
    })

  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('delete.title', { name })}
      description={t('delete.description')}
      footer={
        <DialogActions
          onCancel={onClose}
          // Once the server refused (the pipeline has deals), only Cancel is left.
          confirm={
            refusal === null
              ? {
                  label: t('delete.confirm'),
                  pendingLabel: t('delete.deleting'),
                  pending: remove.isPending,
                  variant: 'destructive',
                  onClick: confirm,
                }
              : null
          }
        />
      }
    >
      {refusal !== null ? <FormAlert>{refusal}</FormAlert> : null}
    </ModalDialog>
  )
}
