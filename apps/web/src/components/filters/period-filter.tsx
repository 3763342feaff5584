import { DATE_MAX, DATE_MIN } from '@dealcoach/contracts/dates'
import { useEffect, useEffectEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RequiredMarker } from '@/components/ui/required-marker'
import { Select } from '@/components/ui/select'
import { applyPeriod, isReversedRange, type Period } from '@/lib/dates/periods'

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

/** How long typing in a date must pause before the range is applied (a year is typed digit by digit, each a date). */
export const DATE_DEBOUNCE_MS = 300

interface Dates {
  startDate: string | undefined
  endDate: string | undefined
}

/**
 * A period filter (the deals' close date by default): a preset fills the dates (spec §4), custom
 * lets the user type them. Its words come from the deals namespace, which its pages load.
 *
 * Typed dates are applied once typing pauses (or on Enter), and only when they make a range: an
 * end date before the start says why, and the filter keeps the range it had meanwhile.
 */
export function PeriodFilter({ period, startDate, endDate, onChange, label }: PeriodFilterProps) {
  const { t } = useTranslation('deals')
  const shown = period ? (SAME_AS[period] ?? period) : 'allTime'
  // The dates as typed. A new range from outside (a preset, clear filters, the back button)
  // replaces them.
  const [typed, setTyped] = useState<Dates>({ startDate, endDate })
  const [seen, setSeen] = useState({ period, startDate, endDate })
  if (seen.period !== period || seen.startDate !== startDate || seen.endDate !== endDate) {
    setSeen({ period, startDate, endDate })
    setTyped({ startDate, endDate })
  }
  const reversed = isReversedRange(typed.startDate, typed.endDate)
  const errorId = useId()
  const pending = !reversed && (typed.startDate !== startDate || typed.endDate !== endDate)
  const apply = useEffectEvent((dates: Dates) => onChange({ period: 'custom', ...dates }))
  useEffect(() => {
    if (!pending) return
    const timer = setTimeout(() => apply(typed), DATE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [pending, typed])
  const applyNow = () => {
    if (pending) onChange({ period: 'custom', ...typed })
  }
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
    // Fields line up by their tops, so that the message under the dates pushes nothing up.
    <div className="flex flex-wrap items-start gap-3">
      <Select
        label={label ?? t('board.filters.period')}
        className="w-44"
        value={shown}
        onValueChange={choose}
        options={OFFERED.map((value) => ({ value, label: t(`board.period.${value}`) }))}
      />
      {shown === 'custom' ? (
        // The dates and what is wrong with them; the message spans both, under the end date's
        // field that it describes.
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-start gap-3">
            <DateField
              label={t('board.filters.from')}
              value={typed.startDate}
              onChange={(value) => setTyped({ startDate: value, endDate: typed.endDate })}
              onEnter={applyNow}
            />
            <DateField
              label={t('board.filters.to')}
              value={typed.endDate}
              errorId={reversed ? errorId : undefined}
              onChange={(value) => setTyped({ startDate: typed.startDate, endDate: value })}
              onEnter={applyNow}
            />
          </div>
          {reversed ? (
            <p id={errorId} role="alert" className="max-w-83 text-sm text-red-700">
              {t('board.filters.end_before_start')}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

function DateField({
  label,
  value,
  errorId,
  onChange,
  onEnter,
}: {
  label: string
  value: string | undefined
  /** The message saying what is wrong with the date, when something is. */
  errorId?: string
  onChange: (value: string | undefined) => void
  onEnter: () => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {label}
        {errorId ? <RequiredMarker /> : null}
      </Label>
      <Input
        id={id}
        type="date"
        min={DATE_MIN}
        max={DATE_MAX}
        className="w-40"
        value={value ?? ''}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.value || undefined)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onEnter()
        }}
      />
    </div>
  )
}
