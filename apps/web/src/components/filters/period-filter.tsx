import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Select } from '@/components/ui/select'
import { applyPeriod, type Period } from '@/lib/dates/periods'

// The presets offered; the spec's other spellings (this_month, all, …) read as these.
const OFFERED = [
  'allTime',
  'yesterday',
  'thisWeek',
  'week',
  'thisMonth',
  'month',
  'quarter',
  'thisQuarter',
  'last_quarter',
  'last_3_months',
  'thisYear',
  'year',
  'nextWeek',
  'nextMonth',
  'nextQuarter',
  'nextYear',
  'custom',
] as const satisfies readonly Period[]

const SAME_AS: Partial<Record<Period, (typeof OFFERED)[number]>> = {
  all: 'allTime',
  this_week: 'thisWeek',
  this_month: 'thisMonth',
  this_quarter: 'thisQuarter',
  this_year: 'thisYear',
}

export interface PeriodChange {
  period: Period | undefined
  startDate: string | undefined
  endDate: string | undefined
}

export interface PeriodFilterProps {
  period: Period | undefined
  startDate: string | undefined
  endDate: string | undefined
  onChange: (change: PeriodChange) => void
  /** What the period applies to; the close date unless said otherwise. */
  label?: string
}

/**
 * A period filter (the deals' close date by default): a preset fills the dates (spec §4), custom
 * lets the user type them. Its words come from the deals namespace, which its pages load.
 */
export function PeriodFilter({ period, startDate, endDate, onChange, label }: PeriodFilterProps) {
  const { t } = useTranslation('deals')
  const shown = period ? (SAME_AS[period] ?? period) : 'allTime'
  const choose = (value: string) => {
    const next = value as Period
    const applied = applyPeriod(
      {
        selectedPeriod: next,
        customStartDate: startDate ?? null,
        customEndDate: endDate ?? null,
      },
      next,
    )
    onChange({
      // All time is the default, so the URL leaves it out.
      period: next === 'allTime' ? undefined : next,
      startDate: applied.customStartDate ?? undefined,
      endDate: applied.customEndDate ?? undefined,
    })
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <Select
        label={label ?? t('board.filters.period')}
        className="w-44"
        value={shown}
        onValueChange={choose}
        options={OFFERED.map((value) => ({ value, label: t(`board.period.${value}`) }))}
      />
      {shown === 'custom' ? (
        <>
          <DateField
            label={t('board.filters.from')}
            value={startDate}
            onChange={(value) => onChange({ period: 'custom', startDate: value, endDate })}
          />
          <DateField
            label={t('board.filters.to')}
            value={endDate}
            onChange={(value) => onChange({ period: 'custom', startDate, endDate: value })}
          />
        </>
      ) : null}
    </div>
  )
}

function DateField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (value: string | undefined) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="date"
        className="w-40"
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value || undefined)}
      />
    </div>
  )
}
