import * as React from 'react'
import * as RechartsPrimitive from 'recharts'
import { cn } from '@/lib/cn'
import { useNearViewport } from '@/lib/use-near-viewport'

/**
 * A chart's series: the label shown in its legend and tooltip, and its colour. The colour is set
 * as `--color-<key>` on the container, so series read `var(--color-<key>)` and a theme (or a
 * className on the container) can change it without touching the chart.
 */
export type ChartConfig = Record<string, { label: React.ReactNode; color: string }>

const ChartContext = React.createContext<ChartConfig | null>(null)

function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext)
  if (!config) throw new Error('Chart parts must be used within a <ChartContainer />')
  return config
}

type ChartContainerProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  config: ChartConfig
  /**
   * What the chart shows, in words, for people who cannot see it; the page gives the numbers in a
   * table too (DESIGN §3.9), so the drawing itself is one labelled image.
   */
  label: string
  children: React.ReactElement
}

/**
 * The frame of a Recharts chart: sizes it to its box, themes its series, names it. The chart is
 * drawn once the box comes near the viewport; until then the box, already at its size, stays
 * empty, so nothing moves when it is drawn.
 */
function ChartContainer({
  config,
  label,
  className,
  style,
  children,
  ...props
}: ChartContainerProps) {
  const colours = Object.fromEntries(
    Object.entries(config).map(([key, series]) => [`--color-${key}`, series.color]),
  ) as React.CSSProperties
  const box = React.useRef<HTMLDivElement>(null)
  const near = useNearViewport(box)
  return (
    <ChartContext.Provider value={config}>
      {/* Axes run left to right in every language: Recharts anchors its labels for that. */}
      <div
        ref={box}
        data-slot="chart"
        dir="ltr"
        role="img"
        aria-label={label}
        className={cn(
          'h-64 w-full min-w-0 text-xs [&_.recharts-cartesian-axis-tick_text]:fill-gray-600 [&_.recharts-cartesian-grid_line]:stroke-gray-200 [&_.recharts-rectangle.recharts-tooltip-cursor]:fill-gray-100 [&_.recharts-surface]:outline-none',
          className,
        )}
        style={{ ...colours, ...style }}
        {...props}
      >
        {near ? (
          <RechartsPrimitive.ResponsiveContainer width="100%" height="100%" minWidth={0}>
            {children}
          </RechartsPrimitive.ResponsiveContainer>
        ) : null}
      </div>
    </ChartContext.Provider>
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

/** An axis of time buckets: labels dropped where they would overlap. */
const TIME_AXIS = { ...PLAIN_AXIS, minTickGap: 16 } as const

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
  /** Formats the category (the x value) shown as the tooltip's title. */
  labelFormatter?: (label: React.ReactNode) => React.ReactNode
  valueFormatter?: (value: number) => React.ReactNode
}

/** The tooltip's box: the category, then each series' colour, label and value. */
function ChartTooltipContent({
  active,
  payload,
  label,
  labelFormatter = (value) => value,
  valueFormatter = (value) => value.toLocaleString(),
}: ChartTooltipContentProps) {
  const config = useChartConfig()
  if (!active || !payload || payload.length === 0) return null
  return (
    <div
      data-slot="chart-tooltip"
      className="grid min-w-32 gap-1.5 rounded-md border border-gray-200 bg-white px-2.5 py-1.5 text-xs shadow-lg"
    >
      <div className="font-medium text-gray-900">{labelFormatter(label)}</div>
      {payload.map((entry) => {
        const key =
          [entry.dataKey, entry.name]
            .find(
              (value): value is string | number =>
                typeof value === 'string' || typeof value === 'number',
            )
            ?.toString() ?? ''
        const series = config[key]
        return (
          <div key={key} className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-[2px]"
              style={{ backgroundColor: series?.color ?? entry.color }}
            />
            <span className="text-gray-600">{series?.label ?? key}</span>
            <span className="ms-auto font-medium text-gray-900 tabular-nums">
              {typeof entry.value === 'number' ? valueFormatter(entry.value) : String(entry.value)}
            </span>
          </div>
        )
      })}
    </div>
  )
}

/** The legend: each series of the config, in its order, with its colour. */
function ChartLegendContent({ className }: { className?: string }) {
  const config = useChartConfig()
  return (
    <ul
      data-slot="chart-legend"
      className={cn('flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-3', className)}
    >
      {Object.entries(config).map(([key, series]) => (
        <li key={key} className="flex items-center gap-1.5 text-gray-700">
          <span
            aria-hidden="true"
            className="size-2.5 shrink-0 rounded-[2px]"
            style={{ backgroundColor: series.color }}
          />
          {series.label}
        </li>
      ))}
    </ul>
  )
}

export {
  COUNT_AXIS,
  PLAIN_AXIS,
  TIME_AXIS,
  UNWRAPPED_TICK,
  ChartContainer,
  ChartTooltip,
  ChartTooltipContent,
  ChartLegend,
  ChartLegendContent,
}
