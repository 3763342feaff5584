import { ACTIVE_MAX_DAYS, COOLING_MAX_DAYS, STALENESS_LEVELS } from '@dealcoach/contracts/deals'
import { useTranslation } from 'react-i18next'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useActivityHealth } from '../api/activity-health'

const LEVEL_DOT = {
  active: 'bg-green-600',
  cooling: 'bg-amber-500',
  stale: 'bg-red-600',
} as const satisfies Record<(typeof STALENESS_LEVELS)[number], string>

/**
 * The pipeline's open deals by how recently they were active, overall and per stage; with an
 * owner, that owner's deals.
 */
export function ActivityHealth({ pipelineId, ownerId }: { pipelineId: string; ownerId?: string }) {
  const { t } = useTranslation('activity')
  const health = useActivityHealth(pipelineId, ownerId)
  const days = {
    active: ACTIVE_MAX_DAYS,
    cooling_from: ACTIVE_MAX_DAYS + 1,
    cooling: COOLING_MAX_DAYS,
  }

  return (
    // Not a region: the feed's days are the page's regions.
    <div
      data-testid="activity-health"
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{t('health.title')}</h2>
        <p className="text-sm text-gray-600">{t('health.description', days)}</p>
      </div>
      {health.isPending ? (
        <div role="status" className="flex flex-col gap-2">
          <span className="sr-only">{t('health.loading')}</span>
          <Skeleton className="h-5 w-64" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : health.isError ? (
        <LoadError onRetry={() => void health.refetch()}>{t('health.error')}</LoadError>
      ) : health.data.total === 0 ? (
        <p className="text-sm text-gray-700">{t('health.none')}</p>
      ) : (
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700">
            <li className="font-medium text-gray-900">
              {t('health.open_deals', { count: health.data.total })}
            </li>
            {STALENESS_LEVELS.map((level) => (
              <li key={level} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={`size-2 rounded-full ${LEVEL_DOT[level]}`} />
                {t(`health.level_count.${level}`, { count: health.data.overall[level] })}
              </li>
            ))}
          </ul>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('health.stage')}</TableHead>
                {STALENESS_LEVELS.map((level) => (
                  <TableHead key={level} className="text-end">
                    {t(`health.level.${level}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {health.data.stages.map((stage) => (
                <TableRow key={stage.stage_id}>
                  <TableCell>
                    <bdi>{stage.name}</bdi>
                  </TableCell>
                  {STALENESS_LEVELS.map((level) => (
                    <TableCell key={level} className="text-end tabular-nums">
                      {stage.counts[level]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </div>
  )
}
