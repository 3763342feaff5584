import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts'
import {
  ChartCanvas,
  ChartLegend,
  ChartLegendContent,
  ChartTooltip,
  ChartTooltipContent,
  COUNT_AXIS,
  TIME_AXIS,
} from '@/components/ui/chart'
import { COMPLETION_SERIES } from './progress-colours'

/** A bucket's action results, and its name on the axis. */
export type CompletionPoint = Record<(typeof COMPLETION_SERIES)[number], number> & { label: string }

/**
 * The completion chart: a stacked bar per day or month. Loaded on its own, with Recharts, when
 * its frame comes near the viewport; the frame gives the series their colours and names.
 */
export function CompletionChart({ data }: { data: readonly CompletionPoint[] }) {
  return (
    <ChartCanvas>
      <BarChart data={data} margin={{ left: 0, right: 16, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="label" {...TIME_AXIS} />
        <YAxis {...COUNT_AXIS} width={32} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <ChartLegend content={<ChartLegendContent />} />
        {COMPLETION_SERIES.map((series) => (
          <Bar
            key={series}
            dataKey={series}
            stackId="results"
            fill={`var(--color-${series})`}
            maxBarSize={48}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartCanvas>
  )
}
