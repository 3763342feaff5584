import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner, toast, type ExternalToast, type ToasterProps } from 'sonner'

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
      // Sonner's light rich colours give text under 4.5:1 (axe color-contrast); darker shades pass.
      style={
        {
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

/**
 * A text message is cut to three lines (a long name must not grow the toast over the page), long
 * words break, and the full text stays in the title (hover) and in what screen readers announce.
 */
function content(message: NotifyMessage): React.ReactNode {
  if (typeof message !== 'string') return message
  return (
    <span title={message} className="line-clamp-3 [overflow-wrap:anywhere]">
      {message}
    </span>
  )
}

/** Shows a neutral toast; callers pass already translated text. Returns the toast id. */
function showNotification(message: NotifyMessage, options?: NotifyOptions) {
  return toast(content(message), options)
}

/** The app's toast function: `notify(text)`, `notify.success(text)`, `notify.error(text)`. */
const notify = Object.assign(showNotification, {
  success: (message: NotifyMessage, options?: NotifyOptions) =>
    toast.success(content(message), options),
  error: (message: NotifyMessage, options?: NotifyOptions) =>
    toast.error(content(message), options),
  dismiss: (id?: string | number) => toast.dismiss(id),
})

export { Toaster, notify }
