import type { OnboardingChecklist, OnboardingStep } from '@dealcoach/contracts/onboarding'
import { Link } from '@tanstack/react-router'
import { CheckCircle2Icon, CircleIcon } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useOnboardingChecklist } from '@/entities/onboarding/api/get-onboarding-checklist'
import { useUpdateOnboardingChecklist } from '../api/update-onboarding-checklist'
import { STEP_TARGETS } from '../onboarding-options'
import { OnboardingSection } from './onboarding-section'

/**
 * The five onboarding steps with their progress. A step is done when the data shows it or an
 * admin ticked it by hand; admins can tick and untick the steps the data does not show.
 */
export function OnboardingChecklistCard({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('onboarding')
  const checklist = useOnboardingChecklist()
  const titleId = useId()

  return (
    <OnboardingSection
      title={t('checklist.title')}
      description={t('checklist.description')}
      titleId={titleId}
    >
      {checklist.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('checklist.loading')}</span>
          <Skeleton className="h-2" />
          {[0, 1, 2, 3, 4].map((row) => (
            <Skeleton key={row} className="h-14" />
          ))}
        </div>
      ) : checklist.isError ? (
        <LoadError onRetry={() => void checklist.refetch()}>{t('checklist.load_failed')}</LoadError>
      ) : (
        <ChecklistBody checklist={checklist.data} labelId={titleId} canEdit={canEdit} />
      )}
    </OnboardingSection>
  )
}

function ChecklistBody({
  checklist,
  labelId,
  canEdit,
}: {
  checklist: OnboardingChecklist
  labelId: string
  canEdit: boolean
}) {
  const { t } = useTranslation('onboarding')
  const { completed, total } = checklist
  const progress = t('checklist.progress', { completed, total })
  const percent = total > 0 ? Math.round((completed / total) * 100) : 0

  return (
    <>
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <p className="text-sm font-medium text-gray-900" data-testid="checklist-progress">
            {progress}
          </p>
          {completed === total && total > 0 ? (
            <p className="text-sm text-emerald-700">{t('checklist.all_done')}</p>
          ) : null}
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={completed}
          aria-valuetext={progress}
          className="h-2 overflow-hidden rounded-full bg-gray-200"
        >
          {/* A block at the inline start: it grows from the right in a right-to-left layout. */}
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300 motion-reduce:transition-none"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <ol className="flex flex-col divide-y divide-gray-100">
        {checklist.steps.map((step) => (
          <ChecklistStep key={step.key} step={step} canEdit={canEdit} />
        ))}
      </ol>
    </>
  )
}

function ChecklistStep({ step, canEdit }: { step: OnboardingStep; canEdit: boolean }) {
  const { t } = useTranslation('onboarding')
  const errorText = useServerErrorText()
  const update = useUpdateOnboardingChecklist()
  const title = t(`checklist.steps.${step.key}.title`)
  const target = STEP_TARGETS[step.key]
  const linkClass =
    'rounded-sm text-sm font-medium text-brand-600 underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none'

  // mutateAsync rather than per-call callbacks: those fire only for the latest of several calls.
  const setTicked = (ticked: boolean) => {
    update.mutateAsync({ steps: [{ key: step.key, ticked }] }).then(
      () => notify.success(t(ticked ? 'checklist.marked' : 'checklist.unmarked', { step: title })),
      (error: unknown) => notify.error(errorText(error, {}, t('checklist.update_failed'))),
    )
  }

  return (
    <li className="flex gap-3 py-4 first:pt-2 last:pb-0" data-step={step.key}>
      {step.done ? (
        <CheckCircle2Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
      ) : (
        <CircleIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-400" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="text-sm font-medium text-gray-900">{title}</h3>
          {step.computed ? (
            <Badge variant="success">{t('checklist.done')}</Badge>
          ) : step.ticked ? (
            <Badge variant="info">{t('checklist.done_by_hand')}</Badge>
          ) : (
            <span className="sr-only">{t('checklist.not_done')}</span>
          )}
        </div>
        <p className="text-sm text-gray-600">{t(`checklist.steps.${step.key}.description`)}</p>
        <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
          {'hash' in target ? (
            <Link to="/onboarding/" hash={target.hash} className={linkClass}>
              {t(`checklist.steps.${step.key}.action`)}
            </Link>
          ) : (
            <Link
              to={target.to}
              {...('search' in target && { search: target.search })}
              className={linkClass}
            >
              {t(`checklist.steps.${step.key}.action`)}
            </Link>
          )}
          {/* A step the data shows is done stays done: there is nothing to tick by hand. */}
          {canEdit && !step.computed ? (
            <Button
              type="button"
              size="xs"
              variant={step.ticked ? 'ghost' : 'outline'}
              onClick={() => setTicked(!step.ticked)}
              // Five buttons share the visible text; the name says which step (and starts with it).
              aria-label={
                step.ticked
                  ? t('checklist.undo_label', { step: title })
                  : t('checklist.mark_done_label', { step: title })
              }
            >
              {step.ticked ? t('checklist.undo') : t('checklist.mark_done')}
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  )
}
