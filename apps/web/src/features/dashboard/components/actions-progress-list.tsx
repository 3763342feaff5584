import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Link } from '@tanstack/react-router'
import { MailIcon, PhoneIcon, ShuffleIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { PROGRESS_VARIANT } from '@/entities/deal/lib/action-status'
import { useAnalysisExplanations } from '@/entities/deal/lib/analysis-explanations'
import { isolateValues } from '@/lib/bidi'
import { formatDate } from '@/lib/dates/format-date'
import { useActionsProgress } from '../api/actions-progress'
import {
  type ActionProgressItem,
  type DealActionProgress,
  deriveActionProgress,
  UNKNOWN_OWNER,
} from '../lib/action-progress'
import { activityWindow, type StatsFilters } from '../lib/stats-filters'

/** Deals shown at first, and added by each Show more. */
const DEALS_STEP = 20

const METHOD_ICON = { mixed: ShuffleIcon, phone: PhoneIcon, email: MailIcon } as const

/** The deals the filters keep: the activity call knows only the pipeline and the dates. */
export function keepFiltered(
  deals: DealActionProgress[],
  filters: StatsFilters,
  stageName: (id: string) => string | undefined,
): DealActionProgress[] {
  const needle = filters.searchQuery.toLocaleLowerCase()
  const stages = new Set(filters.stageIds.map((id) => stageName(id) ?? id))
  return deals.filter(
    (deal) =>
      (!needle || deal.deal_name.toLocaleLowerCase().includes(needle)) &&
      (stages.size === 0 ||
        deal.actions.some((action) => action.current_stage && stages.has(action.current_stage))),
  )
}

/** Spec §3/§4: each deal's playbook actions, derived from the activity and the stage history. */
export function ActionsProgressList({
  filters,
  pipeline,
}: {
  filters: StatsFilters
  pipeline: Pipeline
}) {
  const { t, i18n } = useTranslation('dashboard')
  const [shown, setShown] = useState(DEALS_STEP)
  const window = activityWindow(filters)
  const progress = useActionsProgress({
    pipelineId: filters.pipelineId,
    startDate: window.startDate,
    endDate: window.endDate,
    ownerId: filters.ownerId,
  })
  const deals = useMemo(() => {
    if (!progress.data) return []
    const names = new Map(pipeline.stages.map((stage) => [stage.stage_id, stage.name]))
    const stageName = (id: string) => names.get(id)
    const derived = deriveActionProgress(progress.data.models, progress.data.histories, {
      stageName,
      ownerNames: progress.data.ownerNames,
    })
    return keepFiltered(derived, filters, stageName)
  }, [progress.data, pipeline, filters])

  const dates = {
    start: formatDate(window.startDate, 'closeDate', i18n.language),
    end: formatDate(window.endDate, 'closeDate', i18n.language),
  }

  if (progress.isError) {
    return (
      <LoadError onRetry={() => void progress.refetch()}>{t('actions_progress.error')}</LoadError>
    )
  }
  if (progress.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="flex flex-col gap-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-600">
        {t(window.clipped ? 'actions_progress.window_clipped' : 'actions_progress.window', dates)}{' '}
        {t('actions_progress.filters_note')}
      </p>
      {progress.data.total > progress.data.models.length ? (
        <p className="text-sm text-gray-600">
          {t('actions_progress.latest_only', {
            shown: progress.data.models.length,
            total: progress.data.total,
          })}
        </p>
      ) : null}
      {deals.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-sm text-gray-600">
          {t('actions_progress.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {deals.slice(0, shown).map((deal) => (
            <DealProgress key={deal.deal_id} deal={deal} />
          ))}
        </ul>
      )}
      {deals.length > shown ? (
        <Button
          type="button"
          variant="outline"
          className="self-center"
          onClick={() => setShown((count) => count + DEALS_STEP)}
        >
          {t('actions_progress.show_more', { shown, total: deals.length })}
        </Button>
      ) : null}
    </div>
  )
}

function DealProgress({ deal }: { deal: DealActionProgress }) {
  const { t, i18n } = useTranslation('dashboard')
  return (
    <li className="rounded-lg border border-gray-200 bg-white">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-gray-100 px-4 py-3">
        <h3 className="text-base font-semibold">
          <Link
            to="/deals/$dealId/"
            params={{ dealId: deal.deal_id }}
            className="rounded text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            {deal.deal_name}
          </Link>
        </h3>
        <span className="text-sm text-gray-600">
          {t('actions_progress.owner', {
            owner:
              deal.owner_name === UNKNOWN_OWNER
                ? t('actions_progress.unknown_owner')
                : deal.owner_name,
          })}
        </span>
        <span className="text-sm text-gray-600 sm:ms-auto">
          {t('actions_progress.last_updated', {
            date: formatDate(deal.last_updated, 'withTime', i18n.language),
          })}
        </span>
      </div>
      <ul className="flex flex-col divide-y divide-gray-100">
        {deal.actions.map((action) => (
          <ActionRow key={`${action.action_title}-${action.timestamp}`} action={action} />
        ))}
      </ul>
    </li>
  )
}

function ActionRow({ action }: { action: ActionProgressItem }) {
  const { t, i18n } = useTranslation('dashboard')
  const explanations = useAnalysisExplanations()
  // action_description's choice: the summary, or the status description where there is none.
  const texts = action.action_texts
  const description = texts.summary
    ? explanations.summary(texts)
    : explanations.statusDescription(texts)
  const Icon = METHOD_ICON[action.communication_method]
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="font-medium text-gray-900">{action.action_title}</span>
        {description.text ? (
          <span dir={description.dir} className="text-sm text-gray-700">
            {description.text}
          </span>
        ) : null}
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-600">
          <span className="inline-flex items-center gap-1">
            <Icon aria-hidden="true" className="size-3.5" />
            {t(`method.${action.communication_method}`)}
          </span>
          <span>
            {/* Stage names are the users' own: each keeps its direction in an Arabic page. */}
            {action.previous_stage
              ? t(
                  'actions_progress.stage_moved',
                  isolateValues({
                    from: action.previous_stage,
                    to: action.current_stage ?? '–',
                  }),
                )
              : t('actions_progress.stage', isolateValues({ stage: action.current_stage ?? '–' }))}
          </span>
          <time dateTime={action.timestamp}>
            {formatDate(action.timestamp, 'withTime', i18n.language)}
          </time>
        </span>
      </div>
      <Badge variant={PROGRESS_VARIANT[action.current_status]} className="sm:mt-0.5">
        {t(`progress.${action.current_status}`)}
      </Badge>
    </li>
  )
}
