import type { MeResponse } from '@dealcoach/contracts/users'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { refreshAccessToken } from '@/lib/api-client'
import { chooseLanguage, normalizeLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n'
import { useServerErrors } from '@/lib/use-server-errors'
import { useUpdateMe } from '../api/update-me'

const NAME_MAX = 100
const FIELDS = { first_name: { maxLength: NAME_MAX }, last_name: { maxLength: NAME_MAX } }

export function ProfileForm({ user }: { user: MeResponse }) {
  const { t, i18n } = useTranslation('settings')
  const update = useUpdateMe()
  const [firstName, setFirstName] = useState(user.first_name)
  const [lastName, setLastName] = useState(user.last_name)
  // The one language preference: the page's own language, the same one the header shows.
  const language = normalizeLanguage(i18n.language)
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(update.error, FIELDS, { fallback: t('profile.save_failed') })
  const nameError = (value: string, field: keyof typeof FIELDS) =>
    submitted && !value.trim() ? t('profile.name_required') : server.fieldError(field)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!firstName.trim() || !lastName.trim()) return
    update.mutate(
      { first_name: firstName.trim(), last_name: lastName.trim(), language },
      {
        onSuccess: () => {
          notify.success(t('profile.saved'))
          // The access token carries the names: a fresh one shows the new names everywhere.
          void refreshAccessToken()
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <UnsavedChangesPrompt
        when={firstName.trim() !== user.first_name || lastName.trim() !== user.last_name}
      />
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField label={t('profile.email')} description={t('profile.email_hint')}>
        <Input value={user.email} readOnly />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('profile.first_name')}
          error={nameError(firstName, 'first_name')}
          currentLength={firstName.length}
          maxLength={NAME_MAX}
        >
          <Input
            value={firstName}
            maxLength={NAME_MAX}
            onChange={(event) => {
              setFirstName(event.target.value)
              server.clear('first_name')
            }}
          />
        </FormField>
        <FormField
          label={t('profile.last_name')}
          error={nameError(lastName, 'last_name')}
          currentLength={lastName.length}
          maxLength={NAME_MAX}
        >
          <Input
            value={lastName}
            maxLength={NAME_MAX}
            onChange={(event) => {
              setLastName(event.target.value)
              server.clear('last_name')
            }}
          />
        </FormField>
      </div>
      <Select
        label={t('profile.language')}
        value={language}
        onValueChange={(value) => void chooseLanguage(i18n, value)}
        options={SUPPORTED_LANGUAGES.map((code) => ({
          value: code,
          label: t(`common:language.${code}`),
        }))}
      />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  )
}
