import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { LoadError } from '@/components/ui/load-error'
import type { Deal } from '@/entities/deal/api/types'
import { dealCountQueryOptions } from '../api/list-filtered-deals'
import { type DealFilters, hasActiveFilters } from '../lib/deal-filters'
import { BoardPlaceholder } from './board-column'
import { CreateDealDialog } from './create-deal-dialog'
import type { BoardStage } from './deal-card'
import { DealFiltersBar, type DealFiltersBarProps } from './deal-filters-bar'
import { type DealSort, DealsListPlaceholder } from './deals-list'
import { DealsTable } from './deals-table'
import { PipelineBoard } from './pipeline-board'
import { type OverviewView, ViewToggle } from './view-toggle'

export interface PipelineOverviewProps extends Pick<
  DealFiltersBarProps,
  'selectedStages' | 'allStages' | 'onToggleStage' | 'onClear'
> {
  pipelineId: string
  stages: readonly BoardStage[]
  filters: DealFilters
  view: OverviewView
  page: number
  sort: DealSort | undefined
  onFiltersChange: (changes: Partial<DealFilters>) => void
  onViewChange: (view: OverviewView) => void
  onPage: (page: number) => void
  onSort: (sort: DealSort) => void
  canMove: (deal: Deal) => boolean
}

/** The pipeline's deals under the filters, as a board of stages or as a table. */
export function PipelineOverview({
  pipelineId,
  stages,
  filters,
  view,
  page,
  sort,
  onFiltersChange,
  onViewChange,
  onPage,
  onSort,
  canMove,
  ...stageSelection
}: PipelineOverviewProps) {
  const { t } = useTranslation('deals')
  const count = useQuery(dealCountQueryOptions(pipelineId, filters))
  const filtered = hasActiveFilters(filters)

  if (count.isSuccess && count.data === 0 && !filtered) {
    return (
      <div className="flex flex-col items-center gap-4">
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('list.empty_title')}
          description={t('list.empty_description')}
        />
        <CreateDealDialog pipelineId={pipelineId} label={t('list.create_first')} />
      </div>
    )
  }

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ViewToggle view={view} onChange={onViewChange} />
        <CreateDealDialog pipelineId={pipelineId} />
      </div>
      <DealFiltersBar
        filters={filters}
        stages={stages}
        onChange={onFiltersChange}
        {...stageSelection}
      />
      {count.isError ? (
        <LoadError onRetry={() => void count.refetch()}>{t('list.load_failed')}</LoadError>
      ) : count.isPending ? (
        view === 'board' ? (
          <BoardPlaceholder columns={Math.min(Math.max(stages.length, 1), 5)} />
        ) : (
          <DealsListPlaceholder />
        )
      ) : count.data === 0 ? (
        <EmptyState
          icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
          title={t('board.no_match_title')}
          description={t('board.no_match_description')}
          action={{ label: t('board.filters.clear'), onClick: stageSelection.onClear }}
        />
      ) : view === 'board' ? (
        <PipelineBoard
          pipelineId={pipelineId}
          stages={stages}
          shownStageIds={filters.stages}
          filters={filters}
          canMove={canMove}
        />
      ) : (
        <DealsTable
          pipelineId={pipelineId}
          filters={filters}
          page={page}
          sort={sort}
          onPage={onPage}
          onSort={onSort}
        />
      )}
    </div>
  )
}
