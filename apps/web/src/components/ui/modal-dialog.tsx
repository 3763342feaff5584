import { cva } from 'class-variance-authority'
import { XIcon } from 'lucide-react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
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
  className?: string
}

/**
 * A modal dialog. Open it with its own `trigger`, or control it with `open`/`onOpenChange`.
 * Closing calls `onClose` and returns focus to the element that was focused before it opened.
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
  className,
}: ModalDialogProps) {
  const { t } = useTranslation('ui')
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: defaultOpen,
    onChange: onOpenChange,
  })

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
  // focus when the dialog opened and return there instead.
  const previouslyFocused = React.useRef<HTMLElement | null>(null)
  const rememberFocus = () => {
    const active = document.activeElement
    previouslyFocused.current =
      active instanceof HTMLElement && active !== document.body ? active : null
  }
  const restoreFocus = (event: Event) => {
    const target = previouslyFocused.current
    previouslyFocused.current = null
    if (target?.isConnected) {
      event.preventDefault()
      target.focus()
    }
  }

  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
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
          onOpenAutoFocus={rememberFocus}
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
  )
}

export { ModalDialog, modalDialogVariants }
export type { ModalDialogProps }
