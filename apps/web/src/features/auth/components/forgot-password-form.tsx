import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { useServerErrors } from '@/lib/use-server-errors'
import { useRequestPasswordReset } from '../api/password-reset'
import { AccountEmailField } from './account-email-field'

const FIELDS = { email: { maxLength: 254 } }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Asks for a reset link. What it says afterwards is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth')
  const request = useRequestPasswordReset()
  const [email, setEmail] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(request.error, FIELDS)

  const emailProblem = !email.trim()
    ? t('forgot_password.email_required')
    : !EMAIL.test(email.trim())
      ? t('forgot_password.email_invalid')
      : undefined
  const emailError = (submitted ? emailProblem : undefined) ?? server.fieldError('email')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (emailProblem) return
    request.mutate({ email: email.trim() })
  }

  if (request.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden="true" className="size-10 text-brand-600" />
        <h2 className="text-lg font-semibold text-gray-900">{t('forgot_password.sent_title')}</h2>
        <p className="text-sm text-gray-600">
          {t('forgot_password.sent_description', { email: email.trim() })}
        </p>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <AccountEmailField
        label={t('forgot_password.email')}
        value={email}
        error={emailError}
        onChange={(value) => {
          setEmail(value)
          server.clear('email')
        }}
      />
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? t('forgot_password.submitting') : t('forgot_password.submit')}
      </Button>
    </form>
  )
}
