import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates'
import { useOnboardingForm } from '../api/get-onboarding-form'
import { OnboardingAnswers } from './onboarding-answers'
import { QuestionnaireForm } from './questionnaire-form'

/** The questionnaire section: the form for admins, the latest answers for members. */
export function OnboardingQuestionnaire({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation('onboarding')
  const latest = useOnboardingForm()
  const titleId = useId()
  const form = latest.data?.form ?? null

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-6 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-semibold text-gray-900">
          {t('questionnaire.title')}
        </h2>
        <p className="text-sm text-gray-600">
          {canEdit ? t('questionnaire.description') : t('questionnaire.read_only')}
        </p>
        {form ? (
          <p className="text-sm text-gray-600">
            {t('questionnaire.last_sent', {
              date: formatDate(form.created_at, 'withTime', i18n.language),
            })}
          </p>
        ) : null}
      </div>
      {latest.isPending ? (
        <div role="status" className="grid gap-6 sm:grid-cols-2">
          <span className="sr-only">{t('questionnaire.loading')}</span>
          {[0, 1, 2, 3].map((field) => (
            <Skeleton key={field} className="h-14" />
          ))}
        </div>
      ) : latest.isError ? (
        <LoadError onRetry={() => void latest.refetch()}>
          {t('questionnaire.load_failed')}
        </LoadError>
      ) : canEdit ? (
        <QuestionnaireForm form={form} />
      ) : (
        <OnboardingAnswers form={form} />
      )}
    </section>
  )
}
