import type * as React from 'react'
import * as RechartsPrimitive from 'recharts'
import { ChartFrame, ChartLegendList, ChartTooltipBox, useChartConfig } from './chart-frame'

export type { ChartConfig } from './chart-frame'

/** Recharts' drawing, sized to its frame's box and styled like the rest of the app. */
function ChartCanvas({ children }: { children: React.ReactElement }) {
  return (
    <div className="h-full w-full [&_.recharts-cartesian-axis-tick_text]:fill-gray-600 [&_.recharts-cartesian-grid_line]:stroke-gray-200 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-gray-100 [&_.recharts-surface]:outline-none">
      <RechartsPrimitive.ResponsiveContainer width="100%" height="100%" minWidth={0}>
        {children}
      </RechartsPrimitive.ResponsiveContainer>
    </div>
  )
}

type ChartContainerProps = Omit<React.ComponentProps<typeof ChartFrame>, 'children'> & {
  children: React.ReactElement
}

/** A Recharts chart in its frame (sized, themed, named). */
function ChartContainer({ children, ...props }: ChartContainerProps) {
  return (
    <ChartFrame {...props}>
      <ChartCanvas>{children}</ChartCanvas>
    </ChartFrame>
  )
}

/**
 * An axis' labels drawn as one line each. Recharts gives each label its axis' width, and a label
 * with a width is measured word by word in the DOM to wrap it: a forced layout per word, which
 * made a dashboard's first draw one long task (DESIGN §7's Lighthouse budget). Our labels are
 * short or shortened by their formatter, so nothing needs wrapping; a width of 0 turns it off.
 */
const UNWRAPPED_TICK = { width: 0 }

/** An axis without its line and tick marks, every label drawn unwrapped (the charts' style). */
const PLAIN_AXIS = { tickLine: false, axisLine: false, tick: UNWRAPPED_TICK } as const

/** An axis of counts: whole numbers, each tick labelled (a few, so nothing is measured). */
const COUNT_AXIS = { ...PLAIN_AXIS, allowDecimals: false, interval: 0 } as const

/**
 * An axis of time buckets: every nth label, n the smallest that keeps them apart, so the labels
 * are evenly spaced (Recharts' default drops labels one by one, which left irregular gaps and
 * two weekly labels touching on a 1366 px screen).
 */
const TIME_AXIS = {
  ...PLAIN_AXIS,
  interval: 'equidistantPreserveStart',
  minTickGap: 24,
} as const

/**
 * A time axis whose first and last points sit on the plot's edges, as a line chart's do: room
 * for half a label on each side, or the chart's edge cuts the first ("3 Nov, 2026" for
 * "23 Nov, 2026") and Recharts drops the last.
 */
const POINT_TIME_AXIS = { ...TIME_AXIS, padding: { left: 36, right: 36 } } as const

const ChartTooltip = RechartsPrimitive.Tooltip
const ChartLegend = RechartsPrimitive.Legend

interface PayloadEntry {
  dataKey?: unknown
  name?: unknown
  value?: unknown
  color?: string
}

type ChartTooltipContentProps = {
  active?: boolean
  payload?: readonly PayloadEntry[]
  label?: React.ReactNode
}

/** Recharts' tooltip content: the category, then each series' colour, label and value. */
function ChartTooltipContent({ active, payload, label }: ChartTooltipContentProps) {
  const config = useChartConfig()
  if (!active || !payload || payload.length === 0) return null
  const entries = payload.map((entry) => {
    const key =
      [entry.dataKey, entry.name]
        .find(
          (value): value is string | number =>
            typeof value === 'string' || typeof value === 'number',
        )
        ?.toString() ?? ''
    const series = config[key]
    return {
      key,
      label: series?.label ?? key,
      color: series?.color ?? entry.color,
      value: typeof entry.value === 'number' ? entry.value.toLocaleString() : String(entry.value),
    }
  })
  return <ChartTooltipBox title={label} entries={entries} />
}

/** Recharts' legend content: each series of the config, in its order, with its colour. */
const ChartLegendContent = ChartLegendList

export {
  COUNT_AXIS,
  TIME_AXIS,
  POINT_TIME_AXIS,
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
  ChartLegend,
  ChartLegendContent,
}
