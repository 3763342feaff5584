import { cn } from '@/lib/cn'
import { ChartLegendList, SeriesTooltip, useChartConfig, usePointed } from './chart-frame'
import { countTicks, END_MARGIN, largestTotal } from './stacked-bar-rows'

/** One column: its name under the axis, its value per series (the frame's config keys). */
export interface BarColumn {
  key: string
  label: string
  values: Readonly<Record<string, number>>
  /** A colour of its own for a one-series chart whose columns differ (confidence bands). */
  colour?: string
}

/** The value axis: where it ends, the values it labels, and how a value is written. */
export interface ValueScale {
  max: number
  ticks: readonly number[]
  format: (value: number) => string
}

/** The count axis of columns that stack up to `max`: round steps ending at the largest total. */
export function countScale(max: number): ValueScale {
  return { max, ticks: countTicks(max), format: (value) => value.toLocaleString() }
}

/** A percent axis, 0 to 100 in quarters. */
export const PERCENT_SCALE: ValueScale = {
  max: 100,
  ticks: [0, 25, 50, 75, 100],
  format: (value) => `${value}%`,
}

/**
 * By default at most this many column names are written under the axis; the others are left out
 * evenly. Names as long as a week's "23 Mar, 2026" need fewer (`maxLabels`).
 */
const MAX_COLUMN_LABELS = 12

/** Room above the axis's top for its last label (px); after the last column, END_MARGIN. */
const TOP_MARGIN = 8

/**
 * Vertical bars, one per column, each stacked by series in the config's order, over a value axis.
 * Drawn as plain boxes sized in percent, like `StackedBarRows`: the browser lays them out with the
 * page, nothing is measured or drawn twice, and no charting library is loaded, so the dashboard's
 * charts are drawn with it, whether or not they are scrolled to (DESIGN §7, ADR 0030). The frame
 * (`ChartFrame`) names the chart and gives the series their colours; pointing at a column shows
 * its values.
 */
export function StackedBarColumns({
  columns,
  scale: givenScale,
  axisWidth = 32,
  legend = false,
  maxLabels = MAX_COLUMN_LABELS,
}: {
  columns: readonly BarColumn[]
  /** The value axis; by default a count axis ending at the largest column. */
  scale?: ValueScale
  /** The width of the value axis's labels (px). */
  axisWidth?: number
  legend?: boolean
  /** At most this many column names under the axis. */
  maxLabels?: number
}) {
  const config = useChartConfig()
  const series = Object.keys(config)
  const scale = givenScale ?? countScale(largestTotal(columns, series))
  const share = (value: number) =>
    `${scale.max > 0 ? (Math.min(value, scale.max) / scale.max) * 100 : 0}%`
  const labelStep = Math.ceil(columns.length / maxLabels)
  // The tooltip goes a little above the pointer.
  const { pointed, pointAt, clear } = usePointed<BarColumn>((chart, _column, pointerY) =>
    Math.max(0, pointerY - chart.top - 24),
  )

  return (
    <div className="@container flex h-full flex-col" onMouseLeave={clear}>
      <div className="flex min-h-0 flex-1" style={{ paddingTop: TOP_MARGIN }}>
        {/* The value axis: its labels beside the grid lines. */}
        <div
          aria-hidden="true"
          className="relative shrink-0 text-gray-600"
          style={{ width: axisWidth }}
        >
          {scale.ticks.map((tick) => (
            <span
              key={tick}
              className="absolute end-1.5 translate-y-1/2 tabular-nums"
              style={{ bottom: share(tick) }}
            >
              {scale.format(tick)}
            </span>
          ))}
        </div>
        <div className="relative min-w-0 flex-1" style={{ marginInlineEnd: END_MARGIN }}>
          {/* The grid: a line at each labelled value, behind the columns. */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-0">
            {scale.ticks.map((tick) => (
              <span
                key={tick}
                className="absolute inset-x-0 h-px bg-gray-200"
                style={{ bottom: share(tick) }}
              />
            ))}
          </div>
          <div className="absolute inset-0 flex">
            {columns.map((column) => (
              <div
                key={column.key}
                data-slot="bar-column"
                className={cn(
                  'relative flex h-full min-w-0 flex-1 justify-center',
                  pointed?.item.key === column.key && 'bg-gray-100',
                )}
                onMouseMove={pointAt(column)}
              >
                <div className="flex h-full w-[70%] max-w-12 flex-col-reverse">
                  {series.map((key, index) => {
                    const value = column.values[key] ?? 0
                    const top = series.slice(index + 1).every((k) => !(column.values[k] ?? 0))
                    return value > 0 ? (
                      <span
                        key={key}
                        data-slot="bar-segment"
                        className={cn('w-full shrink-0', top && 'rounded-t-[3px]')}
                        style={{
                          height: share(value),
                          backgroundColor: column.colour ?? `var(--color-${key})`,
                        }}
                      />
                    ) : null
                  })}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
      {/* The columns' names, under them: with many columns every few, in a narrow chart (a
          phone) every other one of those. */}
      <div
        aria-hidden="true"
        data-slot="column-labels"
        className="flex h-6 shrink-0 text-gray-600"
        style={{ marginInlineStart: axisWidth, marginInlineEnd: END_MARGIN }}
      >
        {columns.map((column, index) => (
          <span
            key={column.key}
            className={cn(
              'min-w-0 flex-1 overflow-visible pt-1 text-center whitespace-nowrap',
              (index / labelStep) % 2 === 1 && '@max-md:invisible',
            )}
          >
            {index % labelStep === 0 ? column.label : ''}
          </span>
        ))}
      </div>
      {legend ? <ChartLegendList /> : null}
      {pointed ? (
        <SeriesTooltip
          at={pointed.at}
          title={pointed.item.label}
          values={pointed.item.values}
          format={scale.format}
          colour={pointed.item.colour}
        />
      ) : null}
    </div>
  )
}
