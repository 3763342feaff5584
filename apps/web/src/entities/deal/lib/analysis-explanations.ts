import type { DealActionResult } from '@dealcoach/contracts/analysis'
import type { ExplanationParams } from '@dealcoach/contracts/intelligence'
import { useTranslation } from 'react-i18next'
import {
  SOLUTION_FIT_CRITERIA,
  type SolutionFitScoring,
} from '@/entities/deal/api/solution-fit-api'
import { isolate, isolateValues } from '@/lib/bidi'
import { formatList } from '@/lib/format-list'

/**
 * A text of the analysis to show, and the `dir` of the element showing it: the engine's English
 * sentence lays out by its own direction ('auto'); one in the reader's language keeps the page's.
 */
export interface ExplanationText {
  text: string
  dir: 'auto' | undefined
}

/**
 * An action result's English summary and status description with the codes and values they are
 * said by: the analysis's results and the activity's carry them alike.
 */
export type ActionResultTexts = Pick<
  DealActionResult,
  | 'summary'
  | 'summary_code'
  | 'summary_params'
  | 'status_description'
  | 'status_description_code'
  | 'status_description_params'
>

/** Just the texts of an action result (of the analysis or the activity). */
export function actionResultTexts(result: ActionResultTexts): ActionResultTexts {
  return {
    summary: result.summary,
    summary_code: result.summary_code,
    summary_params: result.summary_params,
    status_description: result.status_description,
    status_description_code: result.status_description_code,
    status_description_params: result.status_description_params,
  }
}

const PLACES = ['calls', 'emails', 'conversations'] as const

const countIn = (params: ExplanationParams, key: string): number => {
  const value = params[key]
  return typeof value === 'number' ? value : 0
}

/**
 * The open objections' types of `objections_open` as a list in the reader's language, each name
 * isolated. The engine joins them with ", ", each type once (`type_count` of them; results stored
 * before it named each once have one per open objection, `count`): the list is read back only
 * when it splits into that many names, so a name holding ", " is never cut in two; otherwise the
 * engine's list is kept as one name.
 */
function openTypes(params: ExplanationParams, language: string): string | undefined {
  const { types, count, type_count: typeCount } = params
  if (typeof types !== 'string') return undefined
  const names = types.split(', ')
  if (names.length !== (typeCount ?? count)) return isolate(types)
  return formatList([...new Set(names)].map(isolate), language)
}

/**
 * What the analysis says about each action and each solution-fit criterion, in the reader's
 * language: from the summary's, status description's and justification's codes and the values
 * they name (intelligence/actions/action-quotes.ts, solution-fit/fit-justification.ts). Results
 * stored before the codes existed, and the openai provider's (its model writes them), keep their
 * English sentence. What they quote (a buyer's words, an action's or a type's name) keeps its own
 * direction inside the sentence.
 */
export function useAnalysisExplanations() {
  const { t, i18n } = useTranslation('common')
  const english = (text: string): ExplanationText => ({ text, dir: 'auto' })
  const said = (text: string): ExplanationText => ({ text, dir: undefined })

  // "3 sentences across 2 calls and 1 e-mail": how much was said about the action, and where.
  const saidIn = (params: ExplanationParams): string => {
    const sentences = t('analysis_explanations.said_in.sentences', {
      count: countIn(params, 'sentences'),
    })
    const places = PLACES.filter((place) => countIn(params, place) > 0)
    if (places.length === 0) return sentences
    const list = formatList(
      places.map((place) =>
        t(`analysis_explanations.said_in.${place}`, { count: countIn(params, place) }),
      ),
      i18n.language,
    )
    const total = places.reduce((sum, place) => sum + countIn(params, place), 0)
    const where = total > 1 ? 'across' : countIn(params, 'emails') === 1 ? 'in_one' : 'on_one'
    return t(`analysis_explanations.said_in.${where}`, { sentences, places: list })
  }

  return {
    summary: (result: ActionResultTexts): ExplanationText =>
      result.summary_code && result.summary_params
        ? said(
            t(
              `analysis_explanations.summary.${result.summary_code}`,
              isolateValues(result.summary_params),
            ),
          )
        : english(result.summary),
    statusDescription: (result: ActionResultTexts): ExplanationText => {
      const code = result.status_description_code
      const params = result.status_description_params
      if (!code || !params) return english(result.status_description)
      return said(
        t(`analysis_explanations.status.${code}`, {
          ...isolateValues(params),
          ...('sentences' in params && { said: saidIn(params) }),
          ...(code === 'objections_open' && { types: openTypes(params, i18n.language) }),
        }),
      )
    },
    justification: (scoring: SolutionFitScoring): ExplanationText => {
      const code = scoring.justificationCode
      const criterion = SOLUTION_FIT_CRITERIA.find((known) => known === scoring.type)
      if (!code) return english(scoring.justification)
      if (code !== 'score' && code !== 'score_doubts' && code !== 'score_defers') {
        return said(t(`analysis_explanations.fit.${code}`))
      }
      if (!criterion) return english(scoring.justification)
      const text = t(`analysis_explanations.fit.${criterion}.${scoring.score}`)
      if (code === 'score') return said(text)
      const also = code === 'score_doubts' ? 'also_doubts' : 'also_defers'
      return said(t(`analysis_explanations.fit.${also}`, { text }))
    },
  }
}
