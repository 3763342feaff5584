import { Bar, BarChart, CartesianGrid, Cell, XAxis, YAxis } from 'recharts'
import {
  ChartCanvas,
  ChartTooltip,
  ChartTooltipContent,
  COUNT_AXIS,
  PLAIN_AXIS,
} from '@/components/ui/chart'

// The confidence section's charts, loaded with Recharts when their frames come near the viewport.

/** Low confidence reads red, middling amber, high green. */
function bandColour(from: number): string {
  if (from < 40) return '#dc2626'
  if (from < 70) return '#d97706'
  return '#059669'
}

/** How many analysed deals fall in each confidence band, a bar per band in its colour. */
export function DistributionChart({
  data,
}: {
  data: readonly { band: string; from: number; count: number }[]
}) {
  return (
    <ChartCanvas>
      <BarChart data={data} margin={{ left: 0, right: 8, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="band" {...PLAIN_AXIS} interval={0} fontSize={10} />
        <YAxis {...COUNT_AXIS} width={28} />
        <ChartTooltip content={<ChartTooltipContent />} />
        <Bar dataKey="count" radius={[3, 3, 0, 0]} isAnimationActive={false}>
          {data.map((entry) => (
            <Cell key={entry.from} fill={bandColour(entry.from)} />
          ))}
        </Bar>
      </BarChart>
    </ChartCanvas>
  )
}

/** The share of closed deals won in each confidence band, in percent. */
export function CalibrationChart({
  data,
}: {
  data: readonly { band: string; from: number; rate: number }[]
}) {
  return (
    <ChartCanvas>
      <BarChart data={data} margin={{ left: 0, right: 8, top: 8 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} />
        <XAxis dataKey="band" {...PLAIN_AXIS} interval={0} fontSize={10} />
        <YAxis
          {...PLAIN_AXIS}
          domain={[0, 100]}
          width={44}
          interval={0}
          tickFormatter={(value: number) => `${value}%`}
        />
        <ChartTooltip content={<ChartTooltipContent valueFormatter={(value) => `${value}%`} />} />
        <Bar
          dataKey="rate"
          fill="var(--color-rate)"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartCanvas>
  )
}
