import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner, toast, type ExternalToast, type ToasterProps } from 'sonner'
import { ToastMessage } from './toast-message'

/** The toasts' width on wider screens (Sonner's --width). */
const TOAST_WIDTH = '18rem'

/** Where toasts appear; mount once near the root of the app. */
function Toaster({ toastOptions, ...props }: ToasterProps) {
  const { t, i18n } = useTranslation('ui')
  const dir = i18n.dir(i18n.language)
  return (
    <Sonner
      theme="light"
      // The bottom corner on the reading end: clear of dialog titles and the page's header.
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      richColors
      closeButton
      dir={dir}
      containerAriaLabel={t('notifications')}
      toastOptions={{ closeButtonAriaLabel: t('close'), ...toastOptions }}
      // Narrower than Sonner's 356px: a toast over a page's right-hand column (the deal screen's
      // solution fit) covers less of it. Phones keep Sonner's full-width toasts.
      // Sonner's light rich colours give text under 4.5:1 (axe color-contrast); darker shades pass.
      style={
        {
          '--width': TOAST_WIDTH,
          '--success-text': 'hsl(140, 100%, 22%)',
          '--error-text': 'hsl(360, 100%, 40%)',
          '--info-text': 'hsl(210, 92%, 38%)',
          '--warning-text': 'hsl(31, 92%, 33%)',
        } as React.CSSProperties
      }
      {...props}
    />
  )
}

type NotifyMessage = React.ReactNode
type NotifyOptions = ExternalToast
type Show = (message: React.ReactNode, options?: ExternalToast) => string | number

let lastId = 0

/**
 * Shows `message` with `show`. A text message gets a ToastMessage: cut to three lines, with a
 * button that shows the whole text. Opening it keeps the toast until it is closed, since reading
 * a long text can take longer than the toast would stay.
 */
function showWith(show: Show, message: NotifyMessage, options?: NotifyOptions) {
  if (typeof message !== 'string') return show(message, options)
  const id = options?.id ?? `notify-${++lastId}`
  const keepOpen = () => show(content, { ...options, id, duration: Infinity })
  const content = <ToastMessage text={message} onExpand={keepOpen} />
  return show(content, { ...options, id })
}

/** Shows a neutral toast; callers pass already translated text. Returns the toast id. */
function showNotification(message: NotifyMessage, options?: NotifyOptions) {
  return showWith(toast, message, options)
}

/** The app's toast function: `notify(text)`, `notify.success(text)`, `notify.error(text)`. */
const notify = Object.assign(showNotification, {
  success: (message: NotifyMessage, options?: NotifyOptions) =>
    showWith(toast.success, message, options),
  error: (message: NotifyMessage, options?: NotifyOptions) =>
    showWith(toast.error, message, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
})

export { Toaster, notify }
