import { cva } from 'class-variance-authority'
import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Button } from './button'
import { useControllableState } from './use-controllable-state'

const modalDialogVariants = cva(
  'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 grid-rows-[auto_minmax(0,1fr)_auto] gap-4 rounded-lg border border-gray-200 bg-white p-6 text-start text-gray-900 shadow-lg outline-none',
  {
    variants: {
      variant: {
        default: 'sm:max-w-lg',
        wide: 'sm:max-w-3xl',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

interface ModalDialogProps {
  title: React.ReactNode
  description?: React.ReactNode
  /** The body of the dialog. */
  children?: React.ReactNode
  /** Buttons at the bottom, e.g. cancel and confirm. */
  footer?: React.ReactNode
  variant?: 'default' | 'wide'
  /** Controlled use: the parent owns the open state. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Called every time the dialog closes, however it was closed. */
  onClose?: () => void
  /** Uncontrolled use: the element that opens the dialog (rendered in place). */
  trigger?: React.ReactElement
  /** Show the corner close button (default true). */
  showCloseButton?: boolean
  /**
   * The dialog holds unsaved edits: the user's ways of closing it ask first. A form whose state
   * lives below the dialog says so with `useReportUnsavedEdits` (or `UnsavedChangesPrompt`).
   */
  dirty?: boolean
  className?: string
}

/**
 * What a dialog offers the forms inside it: `report` marks the dialog as holding unsaved edits
 * until the returned function is called; `guardClose` runs a close only once the user agreed to
 * drop them.
 */
interface UnsavedEditsGuard {
  report: () => () => void
  guardClose: (close: () => void) => void
}

const UnsavedEditsContext = React.createContext<UnsavedEditsGuard | null>(null)

/**
 * Says that the dialog around the caller holds unsaved edits while `dirty`: closing the dialog
 * (Escape, the close button, a click outside, Cancel) then asks before they are lost. Outside a
 * dialog it does nothing.
 */
function useReportUnsavedEdits(dirty: boolean) {
  const report = React.useContext(UnsavedEditsContext)?.report
  React.useEffect(() => {
    if (dirty && report) return report()
  }, [dirty, report])
}

/**
 * The enclosing dialog's way to close from a button of its own (e.g. Cancel): `close` runs at
 * once when nothing is unsaved, after the user agrees otherwise. Outside a dialog, at once.
 */
function useGuardedClose(): (close: () => void) => void {
  return React.useContext(UnsavedEditsContext)?.guardClose ?? runNow
}

const runNow = (close: () => void) => close()

/**
 * The dialog's unsaved-edits guard: whether it holds edits (said by its owner, or reported by the
 * forms inside), and the close waiting for the user's answer while the question is shown.
 */
function useUnsavedEditsGuard(dirtyProp: boolean, open: boolean) {
  const [dirtyForms, setDirtyForms] = React.useState(0)
  const [waitingClose, setWaitingClose] = React.useState<(() => void) | null>(null)
  // A question still open when the parent closes the dialog (a save that ended meanwhile) has
  // nothing left to ask about: it goes, and does not come back when the dialog opens again.
  const [openSeen, setOpenSeen] = React.useState(open)
  if (open !== openSeen) {
    setOpenSeen(open)
    setWaitingClose(null)
  }
  const report = React.useCallback(() => {
    setDirtyForms((count) => count + 1)
    return () => setDirtyForms((count) => count - 1)
  }, [])
  const dirty = dirtyProp || dirtyForms > 0
  const guardClose = React.useCallback(
    // A function in state must be wrapped, or React would call it as an updater.
    (close: () => void) => (dirty ? setWaitingClose(() => close) : close()),
    [dirty],
  )
  const guard = React.useMemo(() => ({ report, guardClose }), [report, guardClose])
  const stay = () => setWaitingClose(null)
  const leave = () => {
    setWaitingClose(null)
    waitingClose?.()
  }
  return { guard, asking: waitingClose !== null, stay, leave }
}

/**
 * A modal dialog. Open it with its own `trigger`, or control it with `open`/`onOpenChange`.
 * Closing calls `onClose` and returns focus to the element that was focused before it opened.
 * While it holds unsaved edits (`dirty`, or a form inside calls `useReportUnsavedEdits`), the
 * user's ways of closing it (Escape, the close button, a click outside, Cancel) ask first, in the
 * words of the page's unsaved-changes prompt; a parent that closes it (e.g. after a save) is not
 * asked.
 */
function ModalDialog({
  title,
  description,
  children,
  footer,
  variant = 'default',
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  onClose,
  trigger,
  showCloseButton = true,
  dirty = false,
  className,
}: ModalDialogProps) {
  const { t } = useTranslation('ui')
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })
  const unsaved = useUnsavedEditsGuard(dirty, open)
  // Escape, the close button and a click outside all arrive here as a request to close.
  const changeOpen = (next: boolean) =>
    next ? setOpen(true) : unsaved.guard.guardClose(() => setOpen(false))

  // Spec §4: closing calls the optional callback, whether the dialog closed itself or the
  // parent closed it.
  const notifyClosed = React.useEffectEvent(() => {
    onClose?.()
  })
  const wasOpen = React.useRef(open)
  React.useEffect(() => {
    if (wasOpen.current && !open) notifyClosed()
    wasOpen.current = open
  }, [open])

  // Radix returns focus to its Trigger, which a controlled dialog may not have. Remember what had
  // focus when the dialog opened and return there instead. Remembered as `open` turns true, before
  // the content mounts (Radix portals it a render later): a field inside that focuses itself on
  // mount must not be taken for the opener.
  const previouslyFocused = React.useRef<HTMLElement | null>(null)
  React.useLayoutEffect(() => {
    if (!open) return
    const active = document.activeElement
    previouslyFocused.current =
      active instanceof HTMLElement && active !== document.body ? active : null
  }, [open])
  const restoreFocus = (event: Event) => {
    const target = previouslyFocused.current
    previouslyFocused.current = null
    if (target?.isConnected) {
      event.preventDefault()
      target.focus()
    }
  }

  return (
    <UnsavedEditsContext value={unsaved.guard}>
      <DialogPrimitive.Root open={open} onOpenChange={changeOpen}>
        {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay
            data-slot="modal-dialog-overlay"
            className="fixed inset-0 z-50 bg-black/50"
          />
          <DialogPrimitive.Content
            data-slot="modal-dialog"
            data-variant={variant}
            className={cn(modalDialogVariants({ variant }), className)}
            onCloseAutoFocus={restoreFocus}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div data-slot="modal-dialog-header" className="flex flex-col gap-2 pe-8">
              <DialogPrimitive.Title className="text-lg leading-none font-semibold">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="text-sm text-gray-600">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            <div data-slot="modal-dialog-body" className="min-h-0 overflow-y-auto">
              {children}
            </div>
            {footer ? (
              <div
                data-slot="modal-dialog-footer"
                className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end"
              >
                {footer}
              </div>
            ) : null}
            {showCloseButton ? (
              <DialogPrimitive.Close
                data-slot="modal-dialog-close"
                className="absolute end-4 top-4 rounded-xs text-gray-500 opacity-80 transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:pointer-events-none [&_svg]:size-4"
              >
                <XIcon aria-hidden="true" />
                <span className="sr-only">{t('close')}</span>
              </DialogPrimitive.Close>
            ) : null}
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      {/* Rendered only while asking: the question is a ModalDialog itself. */}
      {unsaved.asking ? (
        <LeaveWithoutSavingDialog open onStay={unsaved.stay} onLeave={unsaved.leave} />
      ) : null}
    </UnsavedEditsContext>
  )
}

/**
 * The question before unsaved edits are lost, for a page left and a dialog closed alike, so that
 * both ask in the same words. Closing it (Escape, the close button) means staying.
 */
function LeaveWithoutSavingDialog({
  open,
  onStay,
  onLeave,
}: {
  open: boolean
  onStay: () => void
  onLeave: () => void
}) {
  const { t } = useTranslation('common')
  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onStay()
      }}
      title={t('common:unsaved_changes.title')}
      description={t('common:unsaved_changes.description')}
      footer={
        <>
          <Button type="button" variant="outline" onClick={onStay}>
            {t('common:unsaved_changes.stay')}
          </Button>
          <Button type="button" variant="destructive" onClick={onLeave}>
            {t('common:unsaved_changes.leave')}
          </Button>
        </>
      }
    />
  )
}

export {
  LeaveWithoutSavingDialog,
  ModalDialog,
  modalDialogVariants,
  useGuardedClose,
  useReportUnsavedEdits,
}
export type { ModalDialogProps }
