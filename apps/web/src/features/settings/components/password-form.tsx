import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { PasswordInput } from '@/components/ui/password-input'
import { notify } from '@/components/ui/toast'
import { NewPasswordField, useNewPasswordLengthError } from '@/components/ui/new-password-field'
import { FormAlert } from '@/components/ui/form-alert'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@dealcoach/contracts/limits'
import { useServerErrors } from '@/lib/use-server-errors'
import { useChangePassword } from '../api/change-password'

const FIELDS = {
  current_password: { maxLength: 1024 },
  new_password: { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
}

export function PasswordForm() {
  const { t } = useTranslation('settings')
  const change = useChangePassword()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(change.error, FIELDS, { fallback: t('password.failed') })

  const nextLengthError = useNewPasswordLengthError(next)
  const nextError =
    nextLengthError ?? (next && next === current ? t('password.same_as_current') : undefined)
  const currentError = current ? undefined : t('password.current_required')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (nextError || currentError) return
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          notify.success(t('password.changed'))
          setCurrent('')
          setNext('')
          setSubmitted(false)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <UnsavedChangesPrompt when={current !== '' || next !== ''} />
      <p className="text-sm text-gray-600">{t('password.description')}</p>
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('password.current')}
        error={(submitted ? currentError : undefined) ?? server.fieldError('current_password')}
      >
        <PasswordInput
          autoComplete="current-password"
          value={current}
          onChange={(event) => {
            setCurrent(event.target.value)
            server.clear('current_password')
          }}
        />
      </FormField>
      <NewPasswordField
        label={t('password.new')}
        error={(submitted ? nextError : undefined) ?? server.fieldError('new_password')}
        value={next}
        onChange={(value) => {
          setNext(value)
          server.clear('new_password')
        }}
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? t('password.saving') : t('password.save')}
        </Button>
      </div>
    </form>
  )
}
