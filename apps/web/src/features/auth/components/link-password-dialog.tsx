import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { FormDialog } from '@/components/ui/form-dialog'
import { PasswordInput } from '@/components/ui/password-input'
import { authErrorMessage } from './auth-error-message'

/**
 * Asks for the password of the existing account with the provider's e-mail address: the server
 * links a new sign-in method to an account only with proof that it is the owner's.
 */
export function LinkPasswordDialog({
  provider,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  provider: string
  pending: boolean
  error: unknown
  onSubmit: (password: string) => void
  onClose: () => void
}) {
  const { t } = useTranslation('auth')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const missing = submitted && password === '' ? t('social.link_password_required') : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (password !== '') onSubmit(password)
  }
  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('social.link_title', { provider })}
      description={t('social.link_description', { provider })}
      dirty={password !== ''}
      submit={{ label: t('social.link_confirm'), pendingLabel: t('social.signing_in'), pending }}
      onCancel={onClose}
    >
      {(formId) => (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-3">
          {error ? <FormAlert>{authErrorMessage(error, t)}</FormAlert> : null}
          <FormField label={t('social.link_password')} error={missing}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </FormField>
        </form>
      )}
    </FormDialog>
  )
}
