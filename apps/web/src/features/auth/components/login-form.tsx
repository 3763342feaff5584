import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { useServerErrors } from '@/lib/use-server-errors'
import { useEmailLogin } from '../api/email-login'
import { AccountEmailField } from './account-email-field'

const FIELDS = { email: { maxLength: 254 }, password: { maxLength: 1024 } }

/** E-mail and password; "Keep me signed in" is the page's, since social sign-in honours it too. */
export function LoginForm({
  keepSignedIn,
  onKeepSignedInChange,
  onSignedIn,
}: {
  keepSignedIn: boolean
  onKeepSignedInChange: (keep: boolean) => void
  onSignedIn: () => void
}) {
  const { t } = useTranslation('auth')
  const login = useEmailLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(login.error, FIELDS)

  const emailError =
    submitted && !email.trim() ? t('login.email_required') : server.fieldError('email')
  const passwordError =
    submitted && !password ? t('login.password_required') : server.fieldError('password')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!email.trim() || !password) return
    login.mutate(
      { email: email.trim(), password, keep_signed_in: keepSignedIn },
      { onSuccess: onSignedIn },
    )
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-describedby={server.formError ? 'login-error' : undefined}
    >
      {server.formError ? <FormAlert id="login-error">{server.formError}</FormAlert> : null}
      <AccountEmailField
        label={t('login.email')}
        value={email}
        error={emailError}
        onChange={(value) => {
          setEmail(value)
          server.clear('email')
        }}
      />
      <FormField label={t('login.password')} error={passwordError}>
        <PasswordInput
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value)
            server.clear('password')
          }}
          required
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="keep_signed_in"
          className="size-4 accent-gray-900"
          checked={keepSignedIn}
          onChange={(event) => onKeepSignedInChange(event.target.checked)}
        />
        {t('login.keep_signed_in')}
      </label>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  )
}
