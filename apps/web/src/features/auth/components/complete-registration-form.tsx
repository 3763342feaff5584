import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { NewPasswordField, useNewPasswordLengthError } from '@/components/ui/new-password-field'
import { FormAlert } from '@/components/ui/form-alert'
import { HttpError } from '@/lib/api-client'
import type { RegistrationDetailsResponse } from '@dealcoach/contracts/auth'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import { useConfirmRegistration } from '../api/confirm-registration'
import { useRegistration } from '../api/get-registration'
import { chooseLanguage } from '@/lib/i18n'
import { useServerErrors } from '@/lib/use-server-errors'

const FIELDS = {
  email: { maxLength: 254 },
  password: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
  firstname: { maxLength: 100 },
  lastname: { maxLength: 100 },
}

export function CompleteRegistrationForm({
  joinkey,
  onSignedIn,
}: {
  joinkey: string
  onSignedIn: () => void
}) {
  const { t } = useTranslation('auth')
  const registration = useRegistration(joinkey)

  if (registration.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t('complete_registration.loading')}</span>
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    )
  }
  if (registration.isError) return <JoinKeyProblem error={registration.error} />
  return <PasswordForm joinkey={joinkey} registration={registration.data} onSignedIn={onSignedIn} />
}

function JoinKeyProblem({ error }: { error: Error }) {
  const { t } = useTranslation('auth')
  const code = error instanceof HttpError ? error.code : 'network'
  const key =
    code === 'join_key_expired'
      ? 'expired'
      : code === 'join_key_used'
        ? 'used'
        : code === 'join_key_not_found'
          ? 'not_found'
          : code === 'join_key_revoked'
            ? 'revoked'
            : 'failed'
  // A spent link most often belongs to an account that exists now: signing in comes first. A
  // withdrawn invitation is renewed by whoever sent it (registering anew would start another
  // workspace): signing in is all that is offered. Every other problem is solved by a new link,
  // and signing in stays one click away.
  const linkClass = 'font-medium text-brand-600 underline-offset-4 hover:underline'
  const signIn = (
    <Link key="sign-in" to="/login/" className={linkClass}>
      {t('register.login_link')}
    </Link>
  )
  const registerAgain = (
    <Link key="register" to="/register/" className={linkClass}>
      {t('complete_registration.register_again')}
    </Link>
  )
  return (
    <div role="alert" className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{t(`complete_registration.${key}`)}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {key === 'used'
          ? [signIn, registerAgain]
          : key === 'revoked'
            ? [signIn]
            : [registerAgain, signIn]}
      </p>
    </div>
  )
}

function PasswordForm({
  joinkey,
  registration,
  onSignedIn,
}: {
  joinkey: string
  registration: RegistrationDetailsResponse
  onSignedIn: () => void
}) {
  const { t, i18n } = useTranslation('auth')
  const confirm = useConfirmRegistration()
  const [firstname, setFirstname] = useState(registration.firstname)
  const [lastname, setLastname] = useState(registration.lastname)
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(confirm.error, FIELDS)

  const passwordError = useNewPasswordLengthError(password)
  const nameError = (value: string, field: 'firstname' | 'lastname') =>
    submitted && !value.trim() ? t('complete_registration.name_required') : server.fieldError(field)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (passwordError || !firstname.trim() || !lastname.trim()) return
    confirm.mutate(
      {
        email: registration.email,
        password,
        joinkey,
        firstname: firstname.trim(),
        lastname: lastname.trim(),
      },
      {
        // A new account starts in English on the server: it keeps the language chosen here.
        onSuccess: () => void chooseLanguage(i18n, i18n.language).then(onSignedIn),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {registration.organisation_name ? (
        <p className="text-sm text-gray-700">
          {t('complete_registration.joining', { organisation: registration.organisation_name })}
        </p>
      ) : null}
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField label={t('register.email')} error={server.fieldError('email')}>
        <Input
          type="email"
          name="email"
          autoComplete="username"
          value={registration.email}
          readOnly
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('register.firstname')} error={nameError(firstname, 'firstname')}>
          <Input
            autoComplete="given-name"
            value={firstname}
            onChange={(event) => {
              setFirstname(event.target.value)
              server.clear('firstname')
            }}
          />
        </FormField>
        <FormField label={t('register.lastname')} error={nameError(lastname, 'lastname')}>
          <Input
            autoComplete="family-name"
            value={lastname}
            onChange={(event) => {
              setLastname(event.target.value)
              server.clear('lastname')
            }}
          />
        </FormField>
      </div>
      <NewPasswordField
        label={t('complete_registration.password')}
        error={(submitted ? passwordError : undefined) ?? server.fieldError('password')}
        value={password}
        onChange={(value) => {
          setPassword(value)
          server.clear('password')
        }}
      />
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending
          ? t('complete_registration.submitting')
          : t('complete_registration.submit')}
      </Button>
    </form>
  )
}
