import { Search, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PeriodChange, PeriodFilter } from '@/components/filters/period-filter'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { ownerName } from '@/entities/deal/lib/deal-format'
import { formatList } from '@/lib/format-list'
import { useDealOwners } from '../api/list-deal-owners'
import {
  DEAL_STATUSES,
  type DealFilters,
  hasActiveFilters,
  STALENESS_LEVELS,
} from '../lib/deal-filters'
import type { BoardStage } from './deal-card'
import { FilterPopover } from './filter-popover'

const SEARCH_DELAY_MS = 300
// Radix Select has no empty value: "any owner" gets a name no UUID can have.
const ANY_OWNER = 'any'

export interface DealFiltersBarProps {
  filters: DealFilters
  stages: readonly BoardStage[]
  /** The stage selection as the route keeps it, 'All Stages' included when nothing narrows it. */
  selectedStages: readonly string[]
  /** The value that stands for All Stages in `selectedStages` and `onToggleStage`. */
  allStages: string
  /** Spec §4: the route applies the All Stages rules to the ticked stage. */
  onToggleStage: (stage: string) => void
  onChange: (changes: Partial<DealFilters>) => void
  onClear: () => void
}

/** The pipeline overview's filters; each change is a change of the page's URL. */
export function DealFiltersBar({
  filters,
  stages,
  selectedStages,
  allStages,
  onToggleStage,
  onChange,
  onClear,
}: DealFiltersBarProps) {
  const { t } = useTranslation('deals')
  const period = (change: PeriodChange) => onChange(change)
  return (
    <div className="flex flex-wrap items-start gap-3" data-slot="deal-filters">
      <SearchFilter
        value={filters.searchQuery}
        onSearch={(searchQuery) => onChange({ searchQuery })}
      />
      <FilterPopover
        label={t('board.filters.stages')}
        summary={summaryOf(selectedStages, allStages, stages, t('board.filters.all_stages'), t)}
        options={[
          { value: allStages, label: t('board.filters.all_stages') },
          ...stages.map((stage) => ({ value: stage.id, label: stage.name })),
        ]}
        value={[...selectedStages]}
        onToggle={onToggleStage}
      />
      <PeriodFilter
        period={filters.period}
        startDate={filters.startDate}
        endDate={filters.endDate}
        onChange={period}
      />
      <OwnerFilter value={filters.owner} onChange={(owner) => onChange({ owner })} />
      <StatusFilter
        value={filters.statuses ?? []}
        onChange={(statuses) => onChange({ statuses: statuses.length ? statuses : undefined })}
      />
      <StalenessFilter
        value={filters.staleness ?? []}
        onChange={(staleness) => onChange({ staleness: staleness.length ? staleness : undefined })}
      />
      {hasActiveFilters(filters) ? (
        // The fields line up by their tops (a field's error under it pushes nothing up): the
        // button sits level with their controls, under a label's height (text-sm, gap-1.5).
        <Button type="button" variant="ghost" className="mt-5" onClick={onClear}>
          <X aria-hidden="true" />
          {t('board.filters.clear')}
        </Button>
      ) : null}
    </div>
  )
}

function summaryOf(
  selected: readonly string[],
  allStages: string,
  stages: readonly BoardStage[],
  allLabel: string,
  t: (key: string, options: { count: number }) => string,
) {
  const chosen = stages.filter((stage) => selected.includes(stage.id))
  if (selected.includes(allStages) || chosen.length === 0) return allLabel
  if (chosen.length === 1) return chosen[0]?.name ?? allLabel
  return t('board.filters.selected', { count: chosen.length })
}

/** A search box that waits for a pause in typing before it changes the URL. */
export function SearchFilter({
  value,
  onSearch,
}: {
  value: string | undefined
  onSearch: (value: string | undefined) => void
}) {
  const { t } = useTranslation('deals')
  const [text, setText] = useState(value ?? '')
  // A new value from outside (clear filters, back button) replaces what is typed.
  const [seen, setSeen] = useState(value)
  if (seen !== value) {
    setSeen(value)
    setText(value ?? '')
  }
  useEffect(() => {
    const next = text.trim() || undefined
    if (next === value) return
    const timer = setTimeout(() => onSearch(next), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-64">
      <label htmlFor="deal-search" className="text-sm leading-none font-medium text-gray-900">
        {t('list.search')}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-gray-500"
        />
        <Input
          id="deal-search"
          type="search"
          className="ps-9"
          placeholder={t('board.filters.search_placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
    </div>
  )
}

/** The deal owner: anyone, or one person of the team. */
export function OwnerFilter({
  value,
  onChange,
}: {
  value: string | undefined
  onChange: (owner: string | undefined) => void
}) {
  const { t } = useTranslation('deals')
  const owners = useDealOwners().data?.models ?? []
  return (
    <Select
      label={t('list.owner')}
      className="w-48"
      value={value ?? ANY_OWNER}
      onValueChange={(next) => onChange(next === ANY_OWNER ? undefined : next)}
      options={[
        { value: ANY_OWNER, label: t('board.filters.all_owners') },
        ...owners.map((owner) => ({ value: owner.id, label: ownerName(owner) || owner.email })),
      ]}
    />
  )
}

/**
 * A filter of fixed choices in their own order, several at a time (status, activity): none ticked
 * means any, and the summary lists the ticked ones.
 */
function ChoicesFilter<C extends string>({
  label,
  anyLabel,
  choices,
  labelOf,
  value,
  onChange,
}: {
  label: string
  anyLabel: string
  choices: readonly C[]
  labelOf: (choice: C) => string
  value: readonly string[]
  onChange: (chosen: string[]) => void
}) {
  const { i18n } = useTranslation()
  const chosen = choices.filter((choice) => value.includes(choice))
  const summary = chosen.length === 0 ? anyLabel : formatList(chosen.map(labelOf), i18n.language)
  return (
    <FilterPopover
      label={label}
      summary={summary}
      options={choices.map((choice) => ({ value: choice, label: labelOf(choice) }))}
      value={[...chosen]}
      onToggle={(choice) =>
        onChange(
          chosen.includes(choice as C)
            ? chosen.filter((item) => item !== choice)
            : [...chosen, choice],
        )
      }
    />
  )
}

/** Open, won, lost: none ticked means every status. */
export function StatusFilter(props: {
  value: readonly string[]
  onChange: (statuses: string[]) => void
}) {
  const { t } = useTranslation('deals')
  return (
    <ChoicesFilter
      label={t('list.status')}
      anyLabel={t('board.filters.all_statuses')}
      choices={DEAL_STATUSES}
      labelOf={(status) => t(`status.${status}`)}
      {...props}
    />
  )
}

/** Active, cooling, stale (spec §7 staleness.in): none ticked means any activity. */
export function StalenessFilter(props: {
  value: readonly string[]
  onChange: (levels: string[]) => void
}) {
  const { t } = useTranslation('deals')
  return (
    <ChoicesFilter
      label={t('board.filters.activity')}
      anyLabel={t('board.filters.any_activity')}
      choices={STALENESS_LEVELS}
      labelOf={(level) => t(`board.staleness.${level}`)}
      {...props}
    />
  )
}
