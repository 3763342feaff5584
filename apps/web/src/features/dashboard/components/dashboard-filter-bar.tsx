import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { ChevronDownIcon, SearchIcon, XIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type PeriodChange, PeriodFilter } from '@/components/filters/period-filter'
import { Button } from '@/components/ui/button'
import { CheckboxList } from '@/components/ui/checkbox-list'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Select } from '@/components/ui/select'
import { DEFAULT_PERIOD } from '@/lib/dates/periods'
import { formatList } from '@/lib/format-list'
import { useDealOwners } from '../api/deal-owners'
import { ALL_STAGES, DEAL_STATUSES, DEFAULT_DASHBOARD_FILTERS } from '../stores/dashboard-filters'
import { useDashboardFilters } from '../stores/dashboard-filters-store'

const ALL_OWNERS = 'all'
const SEARCH_DELAY_MS = 300

/** Whether any filter narrows the deals (the pipeline and the tab are where, not what). */
export function useHasNarrowingFilters(): boolean {
  return useDashboardFilters(
    (state) =>
      !state.selectedStages.includes(ALL_STAGES) ||
      state.searchInput.trim() !== '' ||
      state.selectedPeriod !== DEFAULT_DASHBOARD_FILTERS.selectedPeriod ||
      state.ownerId !== null ||
      state.selectedStatuses.length > 0,
  )
}

/** Back to every deal of the pipeline, in the tab the user is in. */
export function clearNarrowingFilters() {
  const { currentPipelineId, activeTab } = useDashboardFilters.getState()
  useDashboardFilters
    .getState()
    .replace({ ...DEFAULT_DASHBOARD_FILTERS, currentPipelineId, activeTab })
}

/** The dashboard's filters (spec §3): pipeline, stages, search, period, owner and statuses. */
export function DashboardFilterBar({
  pipelines,
  pipeline,
}: {
  pipelines: readonly Pipeline[]
  pipeline: Pipeline
}) {
  const { t } = useTranslation('dashboard')
  const setPipeline = useDashboardFilters((state) => state.setPipeline)
  const narrowed = useHasNarrowingFilters()
  const active = pipelines.filter((candidate) => candidate.active)

  return (
    <section
      aria-label={t('filters.label')}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-gray-200 bg-white p-3"
    >
      <Select
        label={t('filters.pipeline')}
        className="w-full sm:w-48"
        value={pipeline.id}
        onValueChange={setPipeline}
        options={active.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
      />
      <StageFilter pipeline={pipeline} />
      <SearchFilter />
      <DashboardPeriodFilter />
      <OwnerFilter />
      <StatusFilter />
      {narrowed ? (
        // The fields line up by their tops (a field's error under it pushes nothing up): the
        // button sits level with their controls, under a label's height (text-sm, gap-1.5).
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-5 h-9"
          onClick={clearNarrowingFilters}
        >
          <XIcon aria-hidden="true" />
          {t('filters.clear')}
        </Button>
      ) : null}
    </section>
  )
}

/** A field whose control opens a list of checkboxes. */
function ChecklistFilter({
  label,
  summary,
  children,
}: {
  label: string
  summary: string
  children: React.ReactNode
}) {
  const id = useId()
  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-44">
      <Label id={`${id}-label`}>{label}</Label>
      <Popover>
        <PopoverTrigger asChild>
          <Button
            type="button"
            variant="outline"
            aria-labelledby={`${id}-label ${id}-value`}
            className="w-full justify-between font-normal"
          >
            <span id={`${id}-value`} className="truncate">
              {summary}
            </span>
            <ChevronDownIcon aria-hidden="true" className="opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-64">
          {children}
        </PopoverContent>
      </Popover>
    </div>
  )
}

/** Spec §4's stage rules, through one checkbox per stage and one for All Stages. */
function StageFilter({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation('dashboard')
  const selected = useDashboardFilters((state) => state.selectedStages)
  const toggle = useDashboardFilters((state) => state.toggleStage)
  const names = new Map(pipeline.stages.map((stage) => [stage.stage_id, stage.name]))
  const chosen = selected.filter((stage) => names.has(stage))
  const summary =
    selected.includes(ALL_STAGES) || chosen.length === 0
      ? t('filters.all_stages')
      : chosen.length === 1
        ? (names.get(chosen[0] ?? '') ?? '')
        : t('filters.stages_selected', { count: chosen.length })

  return (
    <ChecklistFilter label={t('filters.stages')} summary={summary}>
      <CheckboxList
        label={t('filters.stages')}
        searchable={pipeline.stages.length > 8}
        options={[
          { value: ALL_STAGES, label: t('filters.all_stages') },
          ...pipeline.stages.map((stage) => ({ value: stage.stage_id, label: stage.name })),
        ]}
        value={selected}
        // The list reports the new set; the rules act on the one stage that was toggled.
        onValueChange={(next) => {
          const added = next.find((value) => !selected.includes(value))
          const removed = selected.find((value) => !next.includes(value))
          const stage = added ?? removed
          if (stage !== undefined) toggle(stage)
        }}
      />
    </ChecklistFilter>
  )
}

/** The deal search: typed freely, applied once typing pauses. */
function SearchFilter() {
  const { t } = useTranslation('dashboard')
  const id = useId()
  const stored = useDashboardFilters((state) => state.searchInput)
  const setSearchInput = useDashboardFilters((state) => state.setSearchInput)
  const [text, setText] = useState(stored)
  const [shown, setShown] = useState(stored)

  // A search set elsewhere (the URL, clearing the filters) shows in the box.
  if (stored !== shown) {
    setShown(stored)
    setText(stored)
  }
  useEffect(() => {
    if (text === stored) return
    const timer = setTimeout(() => setSearchInput(text), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, stored, setSearchInput])

  return (
    <div className="flex w-full flex-col gap-1.5 sm:w-56">
      <Label htmlFor={id}>{t('filters.search')}</Label>
      <div className="relative">
        <SearchIcon
          aria-hidden="true"
          className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-gray-500"
        />
        <Input
          id={id}
          type="search"
          className="ps-8"
          placeholder={t('filters.search_placeholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setSearchInput(text)
          }}
        />
      </div>
    </div>
  )
}

/** Spec §4/§9: a preset period, or custom dates typed by hand, kept in the dashboard's store. */
function DashboardPeriodFilter() {
  const { t } = useTranslation('dashboard')
  const period = useDashboardFilters((state) => state.selectedPeriod)
  const start = useDashboardFilters((state) => state.customStartDate)
  const end = useDashboardFilters((state) => state.customEndDate)
  const setPeriod = useDashboardFilters((state) => state.setPeriod)
  const setCustomDates = useDashboardFilters((state) => state.setCustomDates)
  const change = ({ period: next, startDate, endDate }: PeriodChange) => {
    if (next === 'custom') setCustomDates(startDate ?? null, endDate ?? null)
    else setPeriod(next ?? DEFAULT_PERIOD)
  }
  return (
    <PeriodFilter
      label={t('filters.period')}
      period={period}
      startDate={start ?? undefined}
      endDate={end ?? undefined}
      onChange={change}
    />
  )
}

function ownerName(owner: { first_name: string; last_name: string; email: string }) {
  return `${owner.first_name} ${owner.last_name}`.trim() || owner.email
}

/** The deal owners of spec §7, first page of 100 (spec §9). */
function OwnerFilter() {
  const { t } = useTranslation('dashboard')
  const owners = useDealOwners()
  const ownerId = useDashboardFilters((state) => state.ownerId)
  const setOwner = useDashboardFilters((state) => state.setOwner)
  const models = owners.data?.models ?? []
  // An owner from a shared URL shows even before (or without) the list that names them.
  const unknown = ownerId !== null && !models.some((owner) => owner.id === ownerId)

  return (
    <Select
      label={t('filters.owner')}
      className="w-full sm:w-44"
      value={ownerId ?? ALL_OWNERS}
      onValueChange={(value) => setOwner(value === ALL_OWNERS ? null : value)}
      options={[
        { value: ALL_OWNERS, label: t('filters.all_owners') },
        ...models.map((owner) => ({ value: owner.id, label: ownerName(owner) })),
        ...(unknown ? [{ value: ownerId, label: t('filters.other_owner') }] : []),
      ]}
    />
  )
}

function StatusFilter() {
  const { t, i18n } = useTranslation('dashboard')
  const selected = useDashboardFilters((state) => state.selectedStatuses)
  const setStatuses = useDashboardFilters((state) => state.setStatuses)
  const summary =
    selected.length === 0 || selected.length === DEAL_STATUSES.length
      ? t('filters.all_statuses')
      : formatList(
          selected.map((status) => t(`statuses.${status}`, { defaultValue: status })),
          i18n.language,
        )

  return (
    <ChecklistFilter label={t('filters.statuses')} summary={summary}>
      <CheckboxList
        label={t('filters.statuses')}
        searchable={false}
        options={DEAL_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
        value={selected}
        onValueChange={(next) =>
          setStatuses(DEAL_STATUSES.filter((status) => next.includes(status)))
        }
      />
    </ChecklistFilter>
  )
}
