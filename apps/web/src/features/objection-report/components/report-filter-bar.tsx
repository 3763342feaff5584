import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PeriodFilter } from '@/components/filters/period-filter'
import { Button } from '@/components/ui/button'
import { Select } from '@/components/ui/select'
import { useDealOwners, useReportTypes } from '../api/objection-report-api'
import { ALL_PIPELINES, isNarrowed, type ReportSearch } from '../lib/report-filters'

// Radix Select has no empty value: "all" gets a name no UUID can have.
const ALL = 'all'

function ownerName(owner: { first_name: string; last_name: string; email: string }) {
  return `${owner.first_name} ${owner.last_name}`.trim() || owner.email
}

/** An option for a value the lists do not name (a shared URL's owner or an inactive type). */
const unknownOption = (value: string | undefined, known: boolean, label: string) =>
  value !== undefined && !known ? [{ value, label }] : []

/** The report's filters: pipeline, when the objections were raised, owner and type. */
export function ReportFilterBar({
  search,
  pipelines,
  currentPipelineId,
  onChange,
}: {
  search: ReportSearch
  pipelines: readonly Pipeline[]
  /** The header's pipeline, which the report shows unless the URL names another (or all). */
  currentPipelineId: string | null
  /** The filters after a change; the URL keeps them. */
  onChange: (next: ReportSearch) => void
}) {
  const { t } = useTranslation('objections')
  const owners = useDealOwners().data?.models ?? []
  const types = (useReportTypes().data?.models ?? []).filter((type) => type.active)
  const active = pipelines.filter((pipeline) => pipeline.active)
  const set = (changes: Partial<ReportSearch>) => {
    const next = { ...search, ...changes }
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined) delete next[key as keyof ReportSearch]
    }
    onChange(next)
  }
  const choose = (value: string) => (value === ALL ? undefined : value)

  return (
    <section
      aria-label={t('report.filters.label')}
      className="flex flex-wrap items-start gap-3 rounded-lg border border-gray-200 bg-white p-3"
    >
      <Select
        label={t('report.filters.pipeline')}
        className="w-full sm:w-48"
        value={search.objections_pipeline ?? currentPipelineId ?? ALL_PIPELINES}
        // Every pipeline is a choice the URL keeps, as the header's pipeline is what it leaves out.
        onValueChange={(value) => set({ objections_pipeline: value })}
        options={[
          { value: ALL_PIPELINES, label: t('report.filters.all_pipelines') },
          ...active.map((pipeline) => ({ value: pipeline.id, label: pipeline.name })),
          ...unknownOption(
            search.objections_pipeline,
            search.objections_pipeline === ALL_PIPELINES ||
              active.some((pipeline) => pipeline.id === search.objections_pipeline),
            t('report.filters.other_pipeline'),
          ),
        ]}
      />
      <PeriodFilter
        label={t('report.filters.period')}
        period={search.objections_period}
        startDate={search.objections_startDate}
        endDate={search.objections_endDate}
        onChange={(change) =>
          set({
            objections_period: change.period,
            objections_startDate: change.startDate,
            objections_endDate: change.endDate,
          })
        }
      />
      <Select
        label={t('report.filters.owner')}
        className="w-full sm:w-44"
        value={search.objections_owner ?? ALL}
        onValueChange={(value) => set({ objections_owner: choose(value) })}
        options={[
          { value: ALL, label: t('report.filters.all_owners') },
          ...owners.map((owner) => ({ value: owner.id, label: ownerName(owner) })),
          ...unknownOption(
            search.objections_owner,
            owners.some((owner) => owner.id === search.objections_owner),
            t('report.filters.other_owner'),
          ),
        ]}
      />
      <Select
        label={t('report.filters.type')}
        className="w-full sm:w-52"
        value={search.objections_type ?? ALL}
        onValueChange={(value) => set({ objections_type: choose(value) })}
        options={[
          { value: ALL, label: t('report.filters.all_types') },
          ...types.map((type) => ({ value: type.id, label: type.name })),
          ...unknownOption(
            search.objections_type,
            types.some((type) => type.id === search.objections_type),
            t('report.filters.other_type'),
          ),
        ]}
      />
      {isNarrowed(search) ? (
        // The fields line up by their tops (a field's error under it pushes nothing up): the
        // button sits level with their controls, under a label's height (text-sm, gap-1.5).
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-5 h-9"
          onClick={() => onChange(clearedSearch(search))}
        >
          <XIcon aria-hidden="true" />
          {t('report.filters.clear')}
        </Button>
      ) : null}
    </section>
  )
}

/** Back to the defaults (the header's pipeline, every objection), in the tab the user is in. */
export const clearedSearch = (search: ReportSearch): ReportSearch =>
  search.objections_tab ? { objections_tab: search.objections_tab } : {}
