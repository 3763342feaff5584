import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { NewPasswordField, useNewPasswordLengthError } from '@/components/ui/new-password-field'
import { FormAlert } from '@/components/ui/form-alert'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import { HttpError } from '@/lib/api-client'
import { useServerErrors } from '@/lib/use-server-errors'
import { useConfirmPasswordReset } from '../api/password-reset'

const FIELDS = {
  password: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
}

type LinkProblem = 'invalid' | 'used' | 'expired'

/** Why the server refused the link itself (auth/password-reset.service.ts), if it did. */
function linkProblemOf(error: unknown): LinkProblem | undefined {
  if (!(error instanceof HttpError)) return undefined
  if (error.code === 'reset_link_invalid') return 'invalid'
  if (error.code === 'reset_link_used') return 'used'
  if (error.code === 'reset_link_expired') return 'expired'
  return undefined
}

/** Chooses the new password for the account of an e-mailed reset link. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('auth')
  const reset = useConfirmPasswordReset()
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(reset.error, FIELDS)
  const passwordError = useNewPasswordLengthError(password)

  const linkProblem = linkProblemOf(reset.error)
  if (linkProblem) return <ResetLinkProblem problem={linkProblem} />

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (passwordError) return
    reset.mutate({ token, password }, { onSuccess: onDone })
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <NewPasswordField
        label={t('reset_password.password')}
        error={(submitted ? passwordError : undefined) ?? server.fieldError('password')}
        value={password}
        onChange={(value) => {
          setPassword(value)
          server.clear('password')
        }}
      />
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? t('reset_password.submitting') : t('reset_password.submit')}
      </Button>
    </form>
  )
}

function ResetLinkProblem({ problem }: { problem: LinkProblem }) {
  const { t } = useTranslation('auth')
  const text =
    problem === 'expired'
      ? t('reset_password.expired')
      : problem === 'used'
        ? t('reset_password.used')
        : t('reset_password.invalid')
  const linkClass = 'font-medium text-brand-600 underline-offset-4 hover:underline'
  return (
    <div role="alert" className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{text}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to="/forgot-password/" className={linkClass}>
          {t('reset_password.request_new')}
        </Link>
        <Link to="/login/" className={linkClass}>
          {t('register.login_link')}
        </Link>
      </p>
    </div>
  )
}
