import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { useServerErrors } from '@/lib/use-server-errors'
import { useEmailRegistration } from '../api/email-registration'

const FIELDS = {
  email: { maxLength: 254 },
  firstname: { maxLength: 100 },
  lastname: { maxLength: 100 },
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function RegisterForm() {
  const { t } = useTranslation('auth')
  const registration = useEmailRegistration()
  const [values, setValues] = useState({ email: '', firstname: '', lastname: '' })
  const [submitted, setSubmitted] = useState(false)

  const errors = {
    email: !values.email.trim()
      ? t('register.email_required')
      : !EMAIL.test(values.email.trim())
        ? t('register.email_invalid')
        : undefined,
    firstname: values.firstname.trim() ? undefined : t('register.firstname_required'),
    lastname: values.lastname.trim() ? undefined : t('register.lastname_required'),
  }
  const server = useServerErrors(registration.error, FIELDS)
  const shown = (field: keyof typeof errors) =>
    (submitted ? errors[field] : undefined) ?? server.fieldError(field)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (errors.email || errors.firstname || errors.lastname) return
    registration.mutate({
      email: values.email.trim(),
      firstname: values.firstname.trim(),
      lastname: values.lastname.trim(),
    })
  }

  if (registration.isSuccess) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 text-center">
        <MailCheck aria-hidden="true" className="size-10 text-brand-600" />
        <h2 className="text-lg font-semibold text-gray-900">{t('register.sent_title')}</h2>
        <p className="text-sm text-gray-600">
          {t('register.sent_description', { email: values.email.trim() })}
        </p>
      </div>
    )
  }

  const field = (name: keyof typeof values) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues({ ...values, [name]: event.target.value })
      server.clear(name)
    },
  })

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField label={t('register.email')} error={shown('email')}>
        <Input type="email" autoComplete="email" required {...field('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('register.firstname')} error={shown('firstname')}>
          <Input autoComplete="given-name" required {...field('firstname')} />
        </FormField>
        <FormField label={t('register.lastname')} error={shown('lastname')}>
          <Input autoComplete="family-name" required {...field('lastname')} />
        </FormField>
      </div>
      <Button type="submit" disabled={registration.isPending}>
        {registration.isPending ? t('register.submitting') : t('register.submit')}
      </Button>
    </form>
  )
}
