import { type ReactNode, useId } from 'react'
import { DialogActions } from './dialog-actions'
import { ModalDialog, type ModalDialogProps } from './modal-dialog'

interface FormDialogSubmit {
  label: string
  /** Shown instead of the label while the form's request runs; the button is disabled meanwhile. */
  pendingLabel: string
  pending: boolean
}

type FormDialogProps = Omit<ModalDialogProps, 'children' | 'footer'> & {
  submit: FormDialogSubmit
  onCancel: () => void
  /** The dialog's form, given the id that the footer's submit button submits. */
  children: (formId: string) => ReactNode
}

/**
 * A modal dialog around one form, with Cancel and the form's submit button in its footer: the
 * footer sits outside the scrolling body, so the button submits the form by id (Enter in a field
 * submits it too). Unsaved edits (`dirty`, or `UnsavedChangesPrompt` / `useReportUnsavedEdits`
 * in the form) make Cancel, Escape, the close button and a click outside ask before closing.
 */
export function FormDialog({ submit, onCancel, children, ...dialog }: FormDialogProps) {
  const formId = useId()
  return (
    <ModalDialog
      {...dialog}
      footer={<DialogActions onCancel={onCancel} confirm={{ ...submit, formId }} />}
    >
      {children(formId)}
    </ModalDialog>
  )
}
