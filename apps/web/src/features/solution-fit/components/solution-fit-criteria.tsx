import { useTranslation } from 'react-i18next'
import {
  MAX_CRITERION_SCORE,
  SOLUTION_FIT_CRITERIA,
  type SolutionFitScoring,
} from '@/entities/deal/api/solution-fit-api'
import { cn } from '@/lib/cn'
import { CRITERION_BAR_CLASS, criterionColour } from '../lib/solution-fit-colours'

const isKnown = (type: string): type is (typeof SOLUTION_FIT_CRITERIA)[number] =>
  (SOLUTION_FIT_CRITERIA as readonly string[]).includes(type)

/** The four criteria first, in the spec's order (§9), then anything else the engine scored. */
export function orderedScoring(scoring: readonly SolutionFitScoring[]): SolutionFitScoring[] {
  const rank = (type: string) => {
    const index = (SOLUTION_FIT_CRITERIA as readonly string[]).indexOf(type)
    return index === -1 ? SOLUTION_FIT_CRITERIA.length : index
  }
  return [...scoring].sort((a, b) => rank(a.type) - rank(b.type))
}

/** A criterion's name in the UI language; an unknown one is shown as the engine named it. */
export function useCriterionName() {
  const { t } = useTranslation('deals')
  return (type: string) =>
    isKnown(type) ? t(`solution_fit.criterion.${type}`) : type.replaceAll('_', ' ')
}

/** Each criterion with a 0–3 bar: 3 green, 2 amber, else red (spec §4). */
export function SolutionFitCriteria({ scoring }: { scoring: readonly SolutionFitScoring[] }) {
  const { t } = useTranslation('deals')
  const criterionName = useCriterionName()
  return (
    <ul className="flex flex-col gap-3">
      {orderedScoring(scoring).map((entry) => {
        const name = criterionName(entry.type)
        const valueText = t('solution_fit.criterion_score', {
          score: entry.score,
          max: MAX_CRITERION_SCORE,
        })
        const colour = criterionColour(entry.score)
        return (
          <li key={entry.type} className="flex flex-col gap-1">
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium">{name}</span>
              <span className="text-gray-700 tabular-nums">{valueText}</span>
            </div>
            <div
              role="meter"
              aria-label={name}
              aria-valuemin={0}
              aria-valuemax={MAX_CRITERION_SCORE}
              aria-valuenow={entry.score}
              aria-valuetext={valueText}
              className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
            >
              <div
                data-colour={colour}
                className={cn('h-full rounded-full', CRITERION_BAR_CLASS[colour])}
                style={{ width: `${(Math.max(0, entry.score) / MAX_CRITERION_SCORE) * 100}%` }}
              />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
