import type { SolutionFitTier } from '@/entities/deal/api/solution-fit-api'

/**
 * Spec §4: the gauge runs from green (tier 1) through the ongoing and warning colours to red
 * (tier 4). The same hues as the status badges (success, ongoing/info, warning, danger), darkened
 * enough to read as text on white (WCAG AA).
 */
export const TIER_COLOUR: Record<SolutionFitTier, string> = {
  1: '#15803d',
  2: '#2563eb',
  3: '#b45309',
  4: '#dc2626',
}

export const TIER_KEY = {
  1: 'excellent',
  2: 'strong',
  3: 'moderate',
  4: 'weak',
} as const satisfies Record<SolutionFitTier, string>

export const TIERS: SolutionFitTier[] = [1, 2, 3, 4]

/** Spec §4: a criterion of 3 is green, 2 amber, anything else red. */
export function criterionColour(score: number): 'green' | 'amber' | 'red' {
  if (score === 3) return 'green'
  if (score === 2) return 'amber'
  return 'red'
}

export const CRITERION_BAR_CLASS = {
  green: 'bg-green-600',
  amber: 'bg-amber-500',
  red: 'bg-red-600',
} as const
