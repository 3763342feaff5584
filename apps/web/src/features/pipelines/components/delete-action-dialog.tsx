import type { PipelineAction } from '@dealcoach/contracts/pipelines'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'

/** Confirms deleting a playbook action: the results recorded against it on deals go with it. */
export function DeleteActionDialog({
  action,
  onDelete,
  onDeleted,
  onClose,
}: {
  action: PipelineAction
  onDelete: () => Promise<void>
  onDeleted: () => void
  onClose: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const [pending, setPending] = useState(false)
  const confirm = () => {
    setPending(true)
    // Failures are reported by the editor's toast; the dialog closes either way.
    onDelete().then(onDeleted, onClose)
  }
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('delete_action.title', { name: action.name })}
      description={t('delete_action.description')}
      footer={
        <DialogActions
          onCancel={onClose}
          confirm={{
            label: t('delete_action.confirm'),
            pendingLabel: t('delete_action.deleting'),
            pending,
            variant: 'destructive',
            onClick: confirm,
          }}
        />
      }
    />
  )
}
