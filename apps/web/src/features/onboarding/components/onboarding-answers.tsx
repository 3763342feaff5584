import type { OnboardingForm } from '@dealcoach/contracts/onboarding'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSalesFrameworkText } from '@/entities/sales-framework/lib/sales-framework-text'
import { formatList } from '@/lib/format-list'

/**
 * The latest questionnaire answers, read-only, for members: an admin answered for the whole team,
 * so the questions are put as the team's ("Answered by"), not the reader's ("Your full name").
 */
export function OnboardingAnswers({ form }: { form: OnboardingForm | null }) {
  const { t, i18n } = useTranslation('onboarding')
  const { nameOfKey } = useSalesFrameworkText()
  if (!form) return <p className="text-sm text-gray-600">{t('questionnaire.no_answers')}</p>

  const recorder =
    form.call_recording_app === null
      ? null
      : form.call_recording_app === 'other' && form.call_recording_app_other
        ? `${t('questionnaire.call_recording_apps.other')}: ${form.call_recording_app_other}`
        : t(`questionnaire.call_recording_apps.${form.call_recording_app}`)
  const frameworks = form.sales_framework?.length
    ? formatList(
        form.sales_framework.map((key) =>
          key === 'custom' && form.sales_framework_custom
            ? `${nameOfKey('custom')}: ${form.sales_framework_custom}`
            : nameOfKey(key),
        ),
        i18n.language,
      )
    : null
  const answers: [string, ReactNode][] = [
    [t('questionnaire.team_fields.full_name'), form.full_name],
    [t('questionnaire.team_fields.email'), form.email],
    [
      t('questionnaire.team_fields.team_size'),
      form.team_size && t(`questionnaire.team_sizes.${form.team_size}`),
    ],
    [
      t('questionnaire.team_fields.is_primary_contact'),
      form.is_primary_contact === null
        ? null
        : form.is_primary_contact
          ? t('questionnaire.yes')
          : t('questionnaire.no'),
    ],
    [t('questionnaire.team_fields.call_recording_app'), recorder],
    [t('questionnaire.team_fields.sales_framework'), frameworks],
  ]

  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {answers.map(([question, answer]) => (
        <div key={question} className="flex min-w-0 flex-col gap-1">
          <dt className="text-sm font-medium text-gray-900">{question}</dt>
          {/* Answers may be in another script than the page: punctuation follows their own. */}
          <dd className="text-sm break-words text-gray-700 [unicode-bidi:plaintext]">
            {answer ?? <span className="text-gray-500">{t('questionnaire.not_answered')}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
