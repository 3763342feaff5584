import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Toaster as Sonner, toast, type ExternalToast, type ToasterProps } from 'sonner'

/** Where toasts appear; mount once near the root of the app. */
function Toaster({ toastOptions, ...props }: ToasterProps) {
  const { t, i18n } = useTranslation('ui')
  return (
    <Sonner
      theme="light"
      position="top-center"
      richColors
      closeButton
      dir={i18n.dir(i18n.language)}
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

/** Shows a neutral toast; callers pass already translated text. Returns the toast id. */
function showNotification(message: NotifyMessage, options?: NotifyOptions) {
  return toast(message, options)
}

/** The app's toast function: `notify(text)`, `notify.success(text)`, `notify.error(text)`. */
const notify = Object.assign(showNotification, {
  success: (message: NotifyMessage, options?: NotifyOptions) => toast.success(message, options),
  error: (message: NotifyMessage, options?: NotifyOptions) => toast.error(message, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
})

export { Toaster, notify }
