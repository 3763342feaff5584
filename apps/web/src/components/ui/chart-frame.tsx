import * as React from 'react'
import { cn } from '@/lib/cn'

// The parts of a chart that need no charting library: its box, its key and its tooltip's box. The
// dashboard's charts are drawn with these alone (stacked-bar-rows.tsx, stacked-bar-columns.tsx), so
// it loads no Recharts (DESIGN §7: its JavaScript and main-thread work; ADR 0030).

/**
 * A chart's series: the label shown in its legend and tooltip, and its colour. The colour is set
 * as `--color-<key>` on the frame, so series read `var(--color-<key>)` and a theme (or a
 * className on the frame) can change it without touching the chart.
 */
export type ChartConfig = Record<string, { label: React.ReactNode; color: string }>

const ChartContext = React.createContext<ChartConfig | null>(null)

export function useChartConfig(): ChartConfig {
  const config = React.useContext(ChartContext)
  if (!config) throw new Error('Chart parts must be used within a <ChartFrame />')
  return config
}

type ChartFrameProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  config: ChartConfig
  /**
   * What the chart shows, in words, for people who cannot see it; the page gives the numbers in a
   * table too (DESIGN §3.9), so the drawing itself is one labelled image.
   */
  label: string
  /** The drawing, at the box's size. */
  children: React.ReactNode
}

/** The frame of a chart: its box and size, its series' colours, its name. */
export function ChartFrame({
  config,
  label,
  className,
  style,
  children,
  ...props
}: ChartFrameProps) {
  const colours = Object.fromEntries(
    Object.entries(config).map(([key, series]) => [`--color-${key}`, series.color]),
  ) as React.CSSProperties
  return (
    <ChartContext.Provider value={config}>
      {/* Axes run left to right in every language, as Recharts anchors its labels. */}
      <div
        data-slot="chart"
        dir="ltr"
        role="img"
        aria-label={label}
        className={cn('relative h-64 w-full min-w-0 text-xs', className)}
        style={{ ...colours, ...style }}
        {...props}
      >
        {children}
      </div>
    </ChartContext.Provider>
  )
}

/** A series' colour, as a small square: in the legend and the tooltip. */
function SeriesSwatch({ color }: { color: string | undefined }) {
  return (
    <span
      aria-hidden="true"
      className="size-2.5 shrink-0 rounded-[2px]"
      style={{ backgroundColor: color }}
    />
  )
}

/** The legend: each series of the config, in its order, with its colour. */
export function ChartLegendList({ className }: { className?: string }) {
  const config = useChartConfig()
  return (
    <ul
      data-slot="chart-legend"
      className={cn('flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-3', className)}
    >
      {Object.entries(config).map(([key, series]) => (
        <li key={key} className="flex items-center gap-1.5 text-gray-700">
          <SeriesSwatch color={series.color} />
          {series.label}
        </li>
      ))}
    </ul>
  )
}

export interface TooltipEntry {
  key: string
  label: React.ReactNode
  color: string | undefined
  value: React.ReactNode
}

/** The tooltip's box: the category as its title, then each series' colour, label and value. */
export function ChartTooltipBox({
  title,
  entries,
  className,
  style,
}: {
  title: React.ReactNode
  entries: readonly TooltipEntry[]
  className?: string
  style?: React.CSSProperties
}) {
  return (
    <div
      data-slot="chart-tooltip"
      className={cn(
        'grid min-w-32 gap-1.5 rounded-md border border-gray-200 bg-white px-2.5 py-1.5 text-xs shadow-lg',
        className,
      )}
      style={style}
    >
      <div className="font-medium text-gray-900">{title}</div>
      {entries.map((entry) => (
        <div key={entry.key} className="flex items-center gap-2">
          <SeriesSwatch color={entry.color} />
          <span className="text-gray-600">{entry.label}</span>
          <span className="ms-auto font-medium text-gray-900 tabular-nums">{entry.value}</span>
        </div>
      ))}
    </div>
  )
}

/** The item the pointer is on in a chart drawn as boxes, and where its tooltip goes in the chart. */
export interface Pointed<Item> {
  item: Item
  at: React.CSSProperties
}

/**
 * Follows the pointer over the items of a chart drawn as boxes (bars, columns). `pointAt(item)`
 * handles an item's mouse moves; `top` places the tooltip's top edge, from the chart's box, the
 * item's box and the pointer, relative to the chart. The tooltip opens away from the nearer side,
 * so that it stays inside the chart.
 */
export function usePointed<Item>(
  top: (chart: DOMRect, item: DOMRect, pointerY: number) => number,
): {
  pointed: Pointed<Item> | null
  pointAt: (item: Item) => (event: React.MouseEvent<HTMLElement>) => void
  clear: () => void
} {
  const [pointed, setPointed] = React.useState<Pointed<Item> | null>(null)
  const pointAt = (item: Item) => (event: React.MouseEvent<HTMLElement>) => {
    const chart = event.currentTarget.closest('[data-slot=chart]')?.getBoundingClientRect()
    if (!chart) return
    const x = event.clientX - chart.left
    const side = x < chart.width / 2 ? { left: x + 12 } : { right: chart.width - x + 12 }
    const itemBox = event.currentTarget.getBoundingClientRect()
    setPointed({ item, at: { ...side, top: top(chart, itemBox, event.clientY) } })
  }
  return { pointed, pointAt, clear: () => setPointed(null) }
}

/** The tooltip of the item pointed at: its name, then each series' value, as `format` writes it. */
export function SeriesTooltip({
  at,
  title,
  values,
  format,
  colour,
}: {
  at: React.CSSProperties
  title: React.ReactNode
  values: Readonly<Record<string, number>>
  format: (value: number) => string
  /** The item's own colour, where its series' colour gives way to it. */
  colour?: string | undefined
}) {
  const config = useChartConfig()
  return (
    <ChartTooltipBox
      className="pointer-events-none absolute z-10"
      style={at}
      title={title}
      entries={Object.entries(config).map(([key, series]) => ({
        key,
        label: series.label,
        color: colour ?? series.color,
        value: format(values[key] ?? 0),
      }))}
    />
  )
}
