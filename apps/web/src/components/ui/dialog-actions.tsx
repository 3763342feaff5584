import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { useGuardedClose } from './modal-dialog'

interface DialogConfirm {
  label: string
  /** Shown instead of the label while the work runs; the button is disabled meanwhile. */
  pendingLabel: string
  pending: boolean
  /** Disabled for another reason than the work running, e.g. nothing chosen yet. */
  disabled?: boolean
  variant?: 'default' | 'destructive'
  /** Submits this form (by id); otherwise `onClick` runs. */
  formId?: string
  onClick?: () => void
}

/**
 * A dialog's footer buttons: Cancel, then the confirming action (left out when `confirm` is null,
 * e.g. when the dialog only explains why the action cannot be taken). Cancel asks first when the
 * dialog holds unsaved edits, as Escape and the close button do.
 */
export function DialogActions({
  onCancel,
  confirm,
}: {
  onCancel: () => void
  confirm: DialogConfirm | null
}) {
  const { t } = useTranslation('ui')
  const guardedClose = useGuardedClose()
  return (
    <>
      <Button type="button" variant="outline" onClick={() => guardedClose(onCancel)}>
        {t('cancel')}
      </Button>
      {confirm ? (
        <Button
          type={confirm.formId ? 'submit' : 'button'}
          form={confirm.formId}
          variant={confirm.variant ?? 'default'}
          disabled={confirm.pending || confirm.disabled}
          onClick={confirm.onClick}
        >
          {confirm.pending ? confirm.pendingLabel : confirm.label}
        </Button>
      ) : null}
    </>
  )
}
