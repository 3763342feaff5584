import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { useActivityOwners } from '../api/deal-owners'
import { useRecentActivity } from '../api/pipeline-activity'
import { type ActivityWindow, activityFeed } from '../lib/activity-feed'
import { ActivityFeedList } from './activity-feed-list'
import { ActivityHealth } from './activity-health'

// Radix Select has no empty value: "any owner" gets a name no UUID can have.
const ANY_OWNER = 'any'

export interface RecentActivityProps {
  pipelines: readonly { id: string; name: string; stages: { stage_id: string; name: string }[] }[]
  pipelineId: string
  ownerId: string | undefined
  range: ActivityWindow
  onPipelineChange: (pipelineId: string) => void
  onOwnerChange: (ownerId: string | undefined) => void
}

/** The pipeline's calls, e-mails, status changes, objections and stage moves, by day. */
export function RecentActivity({
  pipelines,
  pipelineId,
  ownerId,
  range,
  onPipelineChange,
  onOwnerChange,
}: RecentActivityProps) {
  const { t } = useTranslation('activity')
  const owners = useActivityOwners().data?.models ?? []
  const activity = useRecentActivity({ pipelineId, ownerId, ...range })
  const pipeline = pipelines.find((candidate) => candidate.id === pipelineId)
  const stageNames = useMemo(
    () => new Map(pipeline?.stages.map((stage) => [stage.stage_id, stage.name])),
    [pipeline],
  )
  const pages = activity.data?.pages
  const days = useMemo(
    () =>
      activityFeed(
        pages?.flatMap((page) => page.deals) ?? [],
        pages?.flatMap((page) => page.histories) ?? [],
        range,
      ),
    [pages, range],
  )
  const { fetchNextPage, isFetchNextPageError } = activity
  const shown = pages?.reduce((sum, page) => sum + page.deals.length, 0) ?? 0
  const total = pages?.at(-1)?.total ?? 0

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="sr-only">{t('recent.filters.label')}</legend>
        <Select
          label={t('recent.filters.pipeline')}
          className="w-56"
          value={pipelineId}
          onValueChange={onPipelineChange}
          options={pipelines.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
        />
        <Select
          label={t('recent.filters.owner')}
          className="w-56"
          value={ownerId ?? ANY_OWNER}
          onValueChange={(next) => onOwnerChange(next === ANY_OWNER ? undefined : next)}
          options={[
            { value: ANY_OWNER, label: t('recent.filters.all_owners') },
            ...owners.map((owner) => ({
              value: owner.id,
              label: `${owner.first_name} ${owner.last_name}`.trim() || owner.email,
            })),
          ]}
        />
      </fieldset>
      <ActivityHealth pipelineId={pipelineId} ownerId={ownerId} />
      {activity.isPending ? (
        <FeedSkeleton />
      ) : activity.isError ? (
        <LoadError onRetry={() => void activity.refetch()}>{t('recent.error')}</LoadError>
      ) : days.length === 0 ? (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('recent.empty_title')}
          description={
            ownerId ? t('recent.empty_owner_description') : t('recent.empty_description')
          }
          action={
            ownerId ? (
              { label: t('recent.all_owners'), onClick: () => onOwnerChange(undefined) }
            ) : (
              // Calls and e-mails are added on a deal's screen, which the pipeline leads to.
              <Link to="/pipeline-overview/">{t('recent.add_deal')}</Link>
            )
          }
        />
      ) : (
        <>
          <ActivityFeedList days={days} stageNames={stageNames} />
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-gray-600" aria-live="polite">
              {t('recent.showing', { shown, total })}
            </p>
            {activity.hasNextPage ? (
              <Button
                type="button"
                variant="outline"
                disabled={activity.isFetchingNextPage}
                onClick={() => void fetchNextPage()}
              >
                {activity.isFetchingNextPage ? t('recent.loading_more') : t('recent.load_more')}
              </Button>
            ) : null}
            {isFetchNextPageError ? (
              <LoadError onRetry={() => void fetchNextPage()}>{t('recent.error')}</LoadError>
            ) : null}
          </div>
        </>
      )}
    </div>
  )
}

/** The feed's shape while it loads: two days of items. */
export function FeedSkeleton() {
  const { t } = useTranslation('activity')
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex flex-col gap-6"
      data-testid="activity-loading"
    >
      <span className="sr-only">{t('recent.loading')}</span>
      {[4, 3].map((rows, day) => (
        <div key={day} className="flex flex-col gap-2">
          <Skeleton className="h-4 w-40" />
          <div className="flex flex-col divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white">
            {Array.from({ length: rows }, (_, row) => (
              <div key={row} className="flex items-start gap-3 px-4 py-3">
                <Skeleton className="size-8 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-1/3" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  )
}
