import type { CSSProperties } from 'react'
import { cn } from '@/lib/cn'
import { ChartLegendList, SeriesTooltip, useChartConfig, usePointed } from './chart-frame'

/** One bar: its name and its count per series (the keys of the frame's config). */
export interface StackedBarRow {
  key: string
  label: string
  values: Readonly<Record<string, number>>
}

/** How many steps a count axis aims for. */
const TARGET_STEPS = 4

/**
 * The labelled values of a count axis from 0 to `max`: whole, round steps, about four of them,
 * and `max` itself last, since the bars add up to it. A round step too close to `max` for both
 * labels to fit (half a step or less) gives way to it.
 */
export function countTicks(max: number): number[] {
  if (max <= 0) return [0]
  const rough = max / TARGET_STEPS
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(
    1,
    [1, 2, 2.5, 5, 10]
      .map((factor) => factor * magnitude)
      .find((candidate) => candidate >= rough && Number.isInteger(candidate)) ?? 10 * magnitude,
  )
  const ticks: number[] = []
  for (let value = 0; value < max; value += step) ticks.push(value)
  if (ticks.length > 1 && max - ticks[ticks.length - 1]! <= step / 2) ticks.pop()
  return [...ticks, max]
}

/** The largest of the items' totals over the series: where a stacked chart's count axis ends. */
export function largestTotal(
  items: readonly { values: Readonly<Record<string, number>> }[],
  series: readonly string[],
): number {
  return Math.max(
    0,
    ...items.map((item) => series.reduce((sum, key) => sum + (item.values[key] ?? 0), 0)),
  )
}

/** Room at the end of the axis for its last label, as the other charts leave (px). */
export const END_MARGIN = 16

/**
 * Horizontal bars, one per row, each stacked by series in the config's order, over a count axis
 * that ends at the largest total. Drawn as plain boxes sized in percent: the browser lays them out
 * with the page, and nothing is measured or drawn again once mounted, which keeps the dashboard's
 * first chart, above the fold, out of its long tasks (DESIGN §7, ADR 0030). The frame
 * (`ChartFrame`) names it and gives the series their colours; pointing at a bar shows its counts.
 */
export function StackedBarRows({
  rows,
  labelWidth,
}: {
  rows: readonly StackedBarRow[]
  /** The width of the row names (px); 0 leaves them out, where the bars need the room. */
  labelWidth: number
}) {
  const config = useChartConfig()
  const series = Object.keys(config)
  const max = largestTotal(rows, series)
  const ticks = countTicks(max)
  const share = (value: number) => `${max > 0 ? (value / max) * 100 : 0}%`
  // The tooltip goes under the bar pointed at.
  const { pointed, pointAt, clear } = usePointed<StackedBarRow>(
    (chart, bar) => bar.bottom - chart.top + 4,
  )
  const plot: CSSProperties = { marginInlineStart: labelWidth, marginInlineEnd: END_MARGIN }

  return (
    <div className="flex h-full flex-col" onMouseLeave={clear}>
      <div className="relative flex min-h-0 flex-1 flex-col justify-around">
        {/* The grid: a line at each labelled value, behind the bars. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0"
          style={{ ...plot, left: 0, right: 0 }}
        >
          <div className="relative h-full">
            {ticks.map((tick) => (
              <span
                key={tick}
                className="absolute inset-y-0 w-px bg-gray-200"
                style={{ left: share(tick) }}
              />
            ))}
          </div>
        </div>
        {rows.map((row) => (
          <div
            key={row.key}
            data-slot="bar-row"
            className={cn(
              'relative flex h-9 items-center',
              pointed?.item.key === row.key && 'bg-gray-100',
            )}
            onMouseMove={pointAt(row)}
          >
            {labelWidth > 0 ? (
              <span
                className="shrink-0 truncate pe-2 text-end text-gray-600"
                style={{ width: labelWidth }}
              >
                {row.label}
              </span>
            ) : null}
            <div className="flex h-[80%] min-w-0 flex-1" style={{ marginInlineEnd: END_MARGIN }}>
              {series.map((key) => {
                const value = row.values[key] ?? 0
                return value > 0 ? (
                  <span
                    key={key}
                    data-slot="bar-segment"
                    className="h-full"
                    style={{ width: share(value), backgroundColor: `var(--color-${key})` }}
                  />
                ) : null
              })}
            </div>
          </div>
        ))}
      </div>
      {/* The count axis: its labels under the grid lines. */}
      <div aria-hidden="true" className="relative h-6 shrink-0 text-gray-600" style={plot}>
        {ticks.map((tick) => (
          <span
            key={tick}
            className="absolute top-1 -translate-x-1/2 tabular-nums"
            style={{ left: share(tick) }}
          >
            {tick.toLocaleString()}
          </span>
        ))}
      </div>
      <ChartLegendList />
      {pointed ? (
        <SeriesTooltip
          at={pointed.at}
          title={pointed.item.label}
          values={pointed.item.values}
          format={(value) => value.toLocaleString()}
        />
      ) : null}
    </div>
  )
}
