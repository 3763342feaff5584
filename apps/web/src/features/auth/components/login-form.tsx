import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { PasswordInput } from '@/components/ui/password-input'
import { useServerErrors } from '@/lib/use-server-errors'
import { useEmailLogin } from '../api/email-login'

const FIELDS = { email: { maxLength: 254 }, password: { maxLength: 1024 } }

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth')
  const login = useEmailLogin()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [keepSignedIn, setKeepSignedIn] = useState(false)
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
      <FormField label={t('login.email')} error={emailError}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            server.clear('email')
          }}
          required
        />
      </FormField>
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
          onChange={(event) => setKeepSignedIn(event.target.checked)}
        />
        {t('login.keep_signed_in')}
      </label>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  )
}
