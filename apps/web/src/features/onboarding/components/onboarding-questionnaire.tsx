import { useTranslation } from 'react-i18next'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatDate } from '@/lib/dates/format-date'
import { useOnboardingForm } from '../api/get-onboarding-form'
import type { OnboardingPrefill } from '../onboarding-payload'
import { OnboardingAnswers } from './onboarding-answers'
import { OnboardingSection } from './onboarding-section'
import { QuestionnaireForm } from './questionnaire-form'

/** The questionnaire section: the form for admins, the latest answers for members. */
export function OnboardingQuestionnaire({
  canEdit,
  prefill,
}: {
  canEdit: boolean
  /** The signed-in user's name and e-mail, the first answers' defaults. */
  prefill?: OnboardingPrefill
}) {
  const { t, i18n } = useTranslation('onboarding')
  const latest = useOnboardingForm()
  const form = latest.data?.form ?? null

  return (
    <OnboardingSection
      title={t('questionnaire.title')}
      description={canEdit ? t('questionnaire.description') : t('questionnaire.read_only')}
      note={
        form
          ? t('questionnaire.last_sent', {
              date: formatDate(form.created_at, 'withTime', i18n.language),
            })
          : null
      }
      className="gap-6"
    >
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
        <QuestionnaireForm form={form} prefill={prefill} />
      ) : (
        <OnboardingAnswers form={form} />
      )}
    </OnboardingSection>
  )
}
