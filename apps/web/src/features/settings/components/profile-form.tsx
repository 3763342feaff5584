import type { MeResponse } from '@dealcoach/contracts/users'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { refreshAccessToken } from '@/lib/api-client'
import { changeLanguage, SUPPORTED_LANGUAGES } from '@/lib/i18n'
import { useUpdateMe } from '../api/update-me'

const NAME_MAX = 100

export function ProfileForm({ user }: { user: MeResponse }) {
  const { t, i18n } = useTranslation('settings')
  const update = useUpdateMe()
  const [firstName, setFirstName] = useState(user.first_name)
  const [lastName, setLastName] = useState(user.last_name)
  const [language, setLanguage] = useState(user.language)
  const [submitted, setSubmitted] = useState(false)
  const required = (value: string) =>
    submitted && !value.trim() ? t('profile.name_required') : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!firstName.trim() || !lastName.trim()) return
    update.mutate(
      { first_name: firstName.trim(), last_name: lastName.trim(), language },
      {
        onSuccess: () => {
          notify.success(t('profile.saved'))
          void changeLanguage(i18n, language)
          // The access token carries the names: a fresh one shows the new names everywhere.
          void refreshAccessToken()
        },
        onError: () => notify.error(t('profile.save_failed')),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <FormField label={t('profile.email')}>
        <Input value={user.email} readOnly />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('profile.first_name')}
          error={required(firstName)}
          currentLength={firstName.length}
          maxLength={NAME_MAX}
        >
          <Input
            value={firstName}
            maxLength={NAME_MAX}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </FormField>
        <FormField
          label={t('profile.last_name')}
          error={required(lastName)}
          currentLength={lastName.length}
          maxLength={NAME_MAX}
        >
          <Input
            value={lastName}
            maxLength={NAME_MAX}
            onChange={(event) => setLastName(event.target.value)}
          />
        </FormField>
      </div>
      <Select
        label={t('profile.language')}
        value={language}
        onValueChange={setLanguage}
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
