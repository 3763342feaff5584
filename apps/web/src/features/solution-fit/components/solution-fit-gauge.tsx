import { useEffect, useState } from 'react'
import type { SolutionFitTier } from '@/entities/deal/api/solution-fit-api'
import { TIER_COLOUR, TIERS } from '../lib/solution-fit-colours'
import { usePrefersReducedMotion } from '../lib/use-prefers-reduced-motion'

/** Spec §4: the marker moves for about 0.7 s, starting 100 ms after the gauge appears. */
export const GAUGE_ANIMATION_DELAY_MS = 100
export const GAUGE_ANIMATION_MS = 700

const CENTRE = { x: 100, y: 100 }
const RADIUS = 78
const SEGMENT_DEGREES = 180 / TIERS.length
const GAP_DEGREES = 2

const point = (degrees: number, radius = RADIUS) => {
  const radians = (degrees * Math.PI) / 180
  return {
    x: CENTRE.x + radius * Math.cos(radians),
    y: CENTRE.y - radius * Math.sin(radians),
  }
}

/** The arc from `from` to `to` degrees (180 is the left end, 0 the right), drawn clockwise. */
function arc(from: number, to: number) {
  const start = point(from)
  const end = point(to)
  return `M ${start.x.toFixed(2)} ${start.y.toFixed(2)} A ${RADIUS} ${RADIUS} 0 0 1 ${end.x.toFixed(2)} ${end.y.toFixed(2)}`
}

// Weak fit (tier 4) sits at the left end, excellent fit (tier 1) at the right, as on a speedometer.
const slotOf = (tier: SolutionFitTier) => TIERS.length - tier

/** How far the marker turns clockwise from the left end to point at the tier's segment. */
export const markerDegrees = (tier: SolutionFitTier) =>
  slotOf(tier) * SEGMENT_DEGREES + SEGMENT_DEGREES / 2

/**
 * The four-tier half-circle gauge. The picture is decorative for assistive technology: `label`
 * (tier and score in words) is its text equivalent.
 */
export function SolutionFitGauge({ tier, label }: { tier: SolutionFitTier; label: string }) {
  const reducedMotion = usePrefersReducedMotion()
  const target = markerDegrees(tier)
  // The marker rests at the left end until the delay has passed, then turns to the tier.
  const [started, setStarted] = useState(false)
  useEffect(() => {
    if (reducedMotion) return
    const timer = window.setTimeout(() => setStarted(true), GAUGE_ANIMATION_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [reducedMotion])
  const angle = reducedMotion || started ? target : 0

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox="0 0 200 112"
      className="h-auto w-full max-w-56"
      data-testid="solution-fit-gauge"
      data-tier={tier}
    >
      {TIERS.map((segmentTier) => {
        const slot = slotOf(segmentTier)
        const from = 180 - slot * SEGMENT_DEGREES - (slot === 0 ? 0 : GAP_DEGREES / 2)
        const to =
          180 - (slot + 1) * SEGMENT_DEGREES + (slot === TIERS.length - 1 ? 0 : GAP_DEGREES / 2)
        return (
          <path
            key={segmentTier}
            d={arc(from, to)}
            fill="none"
            stroke={TIER_COLOUR[segmentTier]}
            strokeWidth={18}
            opacity={segmentTier === tier ? 1 : 0.25}
            data-segment-tier={segmentTier}
          />
        )
      })}
      <g
        data-testid="solution-fit-marker"
        data-animated={reducedMotion ? 'false' : 'true'}
        style={{
          transform: `rotate(${angle}deg)`,
          transformOrigin: `${CENTRE.x}px ${CENTRE.y}px`,
          transition: reducedMotion ? 'none' : `transform ${GAUGE_ANIMATION_MS}ms ease-out`,
        }}
      >
        <line
          x1={CENTRE.x}
          y1={CENTRE.y}
          x2={CENTRE.x - RADIUS + 4}
          y2={CENTRE.y}
          stroke="#111827"
          strokeWidth={4}
          strokeLinecap="round"
        />
      </g>
      <circle cx={CENTRE.x} cy={CENTRE.y} r={8} fill="#111827" />
    </svg>
  )
}
