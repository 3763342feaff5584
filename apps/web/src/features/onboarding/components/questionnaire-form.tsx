import { ONBOARDING_LIMITS } from '@dealcoach/contracts/limits'
import type { OnboardingForm } from '@dealcoach/contracts/onboarding'
import { deepEqual } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { CheckboxList } from '@/components/ui/checkbox-list'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { RadioGroup } from '@/components/ui/radio-group'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { useSalesFrameworkText } from '@/entities/sales-framework/lib/sales-framework-text'
import { useServerErrors } from '@/lib/use-server-errors'
import { useSubmitOnboardingForm } from '../api/submit-onboarding-form'
import {
  CALL_RECORDING_APP_OPTIONS,
  SALES_FRAMEWORK_OPTIONS,
  TEAM_SIZE_OPTIONS,
} from '../onboarding-options'
import {
  buildOnboardingPayload,
  draftFromForm,
  type OnboardingDraft,
  type OnboardingPrefill,
} from '../onboarding-payload'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const FIELDS = {
  full_name: { maxLength: ONBOARDING_LIMITS.fullName },
  email: { maxLength: ONBOARDING_LIMITS.email },
  team_size: {},
  call_recording_app: {},
  call_recording_app_other: { maxLength: ONBOARDING_LIMITS.text },
  sales_framework_custom: { maxLength: ONBOARDING_LIMITS.text },
}

/**
 * The onboarding questionnaire for admins: every question optional, only answers are sent. Before
 * the first submission the name and e-mail start as the signed-in user's (`prefill`).
 */
export function QuestionnaireForm({
  form,
  prefill,
}: {
  form: OnboardingForm | null
  prefill?: OnboardingPrefill
}) {
  const { t } = useTranslation('onboarding')
  const { nameOfKey } = useSalesFrameworkText()
  const submitForm = useSubmitOnboardingForm()
  // What the form started from (or was last saved as): leaving with other answers asks first.
  const [saved, setSaved] = useState(() => draftFromForm(form, prefill))
  const [draft, setDraft] = useState(saved)
  const [submitted, setSubmitted] = useState(false)
  const [nothingFilled, setNothingFilled] = useState(false)
  const server = useServerErrors(submitForm.error, FIELDS, {
    fallback: t('questionnaire.save_failed'),
  })
  const set = <K extends keyof OnboardingDraft>(key: K, value: OnboardingDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }))
    setNothingFilled(false)
    if (key in FIELDS) server.clear(key as keyof typeof FIELDS)
  }

  const email = draft.email.trim()
  const emailError = email && !EMAIL.test(email) ? t('questionnaire.email_invalid') : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (emailError) return
    const payload = buildOnboardingPayload(draft)
    if (!payload) {
      setNothingFilled(true)
      return
    }
    submitForm.mutate(payload, {
      onSuccess: (answers) => {
        const next = draftFromForm(answers)
        setSaved(next)
        setDraft(next)
        setSubmitted(false)
        notify.success(t('questionnaire.saved'))
      },
    })
  }

  const frameworkOptions = SALES_FRAMEWORK_OPTIONS.map((key) => ({
    value: key,
    label: nameOfKey(key),
  }))

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6">
      <UnsavedChangesPrompt when={!deepEqual(draft, saved)} />
      <div className="grid gap-6 sm:grid-cols-2">
        <FormField
          label={t('questionnaire.fields.full_name')}
          error={server.fieldError('full_name')}
          currentLength={draft.full_name.length}
          maxLength={ONBOARDING_LIMITS.fullName}
        >
          <Input
            autoComplete="name"
            value={draft.full_name}
            maxLength={ONBOARDING_LIMITS.fullName}
            onChange={(event) => set('full_name', event.target.value)}
          />
        </FormField>
        <FormField
          label={t('questionnaire.fields.email')}
          error={(submitted ? emailError : undefined) ?? server.fieldError('email')}
          currentLength={draft.email.length}
          maxLength={ONBOARDING_LIMITS.email}
        >
          <Input
            type="email"
            autoComplete="email"
            value={draft.email}
            maxLength={ONBOARDING_LIMITS.email}
            onChange={(event) => set('email', event.target.value)}
          />
        </FormField>
        <Select
          label={t('questionnaire.fields.team_size')}
          placeholder={t('questionnaire.team_size_placeholder')}
          error={server.fieldError('team_size')}
          value={draft.team_size}
          onValueChange={(value) => set('team_size', value as OnboardingDraft['team_size'])}
          options={TEAM_SIZE_OPTIONS.map((size) => ({
            value: size,
            label: t(`questionnaire.team_sizes.${size}`),
          }))}
        />
        <RadioGroup
          label={t('questionnaire.fields.is_primary_contact')}
          value={draft.is_primary_contact}
          onValueChange={(value) =>
            set('is_primary_contact', value as OnboardingDraft['is_primary_contact'])
          }
          options={[
            { value: 'yes', label: t('questionnaire.yes') },
            { value: 'no', label: t('questionnaire.no') },
          ]}
          className="flex flex-wrap gap-6"
        />
        <Select
          label={t('questionnaire.fields.call_recording_app')}
          placeholder={t('questionnaire.call_recording_app_placeholder')}
          error={server.fieldError('call_recording_app')}
          value={draft.call_recording_app}
          onValueChange={(value) =>
            set('call_recording_app', value as OnboardingDraft['call_recording_app'])
          }
          options={CALL_RECORDING_APP_OPTIONS.map((app) => ({
            value: app,
            label: t(`questionnaire.call_recording_apps.${app}`),
          }))}
        />
        {draft.call_recording_app === 'other' ? (
          <FormField
            label={t('questionnaire.fields.call_recording_app_other')}
            error={server.fieldError('call_recording_app_other')}
            currentLength={draft.call_recording_app_other.length}
            maxLength={ONBOARDING_LIMITS.text}
          >
            <Input
              value={draft.call_recording_app_other}
              maxLength={ONBOARDING_LIMITS.text}
              onChange={(event) => set('call_recording_app_other', event.target.value)}
            />
          </FormField>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <CheckboxList
          label={t('questionnaire.fields.sales_framework')}
          options={frameworkOptions}
          value={draft.sales_framework}
          // In the questionnaire's order, as sent and kept: one unticked and ticked again (the
          // list appends it) is no change.
          onValueChange={(value) =>
            set(
              'sales_framework',
              SALES_FRAMEWORK_OPTIONS.filter((key) => value.includes(key)),
            )
          }
          searchable={false}
        />
        <p className="text-sm text-gray-600">{t('questionnaire.sales_framework_hint')}</p>
      </div>
      {draft.sales_framework.includes('custom') ? (
        <FormField
          label={t('questionnaire.fields.sales_framework_custom')}
          error={server.fieldError('sales_framework_custom')}
          currentLength={draft.sales_framework_custom.length}
          maxLength={ONBOARDING_LIMITS.text}
        >
          <Input
            value={draft.sales_framework_custom}
            maxLength={ONBOARDING_LIMITS.text}
            onChange={(event) => set('sales_framework_custom', event.target.value)}
          />
        </FormField>
      ) : null}
      {nothingFilled ? <FormAlert>{t('questionnaire.nothing_filled')}</FormAlert> : null}
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <div>
        <Button type="submit" disabled={submitForm.isPending}>
          {submitForm.isPending ? t('questionnaire.submitting') : t('questionnaire.submit')}
        </Button>
      </div>
    </form>
  )
}
