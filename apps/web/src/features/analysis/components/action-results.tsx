import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Mail, Phone, Shuffle } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import type { ActionResult } from '@/entities/deal/api/types'
import {
  actionProgress,
  communicationMethod,
  PROGRESS_VARIANT,
} from '@/entities/deal/lib/action-status'
import { useAnalysisExplanations } from '@/entities/deal/lib/analysis-explanations'

const METHOD_ICON = { mixed: Shuffle, phone: Phone, email: Mail } as const

/** One line of the list: a playbook action with what the analysis found, if anything. */
type ActionRow =
  | { kind: 'result'; key: string; result: ActionResult }
  | { kind: 'not_done'; key: string; name: string }

const NO_STAGE = ''

/**
 * Every playbook action of the deal's pipeline, grouped by its stages in their order: the ones
 * the analysis found evidence for with their status and quotes, the others as not done, so what
 * is missing shows (the current stage's too, which the engine reports nothing for until a call or
 * e-mail touches it). A result for an action the pipeline no longer has is listed after its
 * stage's actions. Without the pipeline, only the results are listed.
 */
export function ActionResults({
  results,
  pipeline,
}: {
  results: readonly ActionResult[]
  pipeline: Pipeline | undefined
}) {
  const { t } = useTranslation('deals')
  const groups = groupByStage(results, pipeline)
  if (groups.length === 0) {
    return <p className="text-sm text-gray-600">{t('analysis.no_actions')}</p>
  }
  const stages = pipeline?.stages ?? []
  const stageName = (stageId: string) =>
    stages.find((stage) => stage.stage_id === stageId)?.name ?? t('analysis.other_stage')
  return (
    <div className="flex flex-col gap-5">
      {results.length === 0 ? (
        <p className="text-sm text-gray-600">{t('analysis.no_actions')}</p>
      ) : null}
      {groups.map(([stageId, rows]) => {
        const completed = rows.filter(
          (row) => row.kind === 'result' && actionProgress(row.result.status) === 'completed',
        ).length
        return (
          <div key={stageId} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <h4 className="text-sm font-medium text-gray-700">{stageName(stageId)}</h4>
              <span className="text-xs text-gray-600">
                {t('analysis.stage_completed', { done: completed, total: rows.length })}
              </span>
            </div>
            <ul className="flex flex-col gap-2">
              {rows.map((row) =>
                row.kind === 'result' ? (
                  <ActionItem key={row.key} result={row.result} />
                ) : (
                  <NotDoneItem key={row.key} name={row.name} />
                ),
              )}
            </ul>
          </div>
        )
      })}
    </div>
  )
}

/** The rows of each stage, stages in the pipeline's order and actions without a stage last. */
function groupByStage(
  results: readonly ActionResult[],
  pipeline: Pipeline | undefined,
): [string, ActionRow[]][] {
  const stages = pipeline?.stages ?? []
  const byStage = new Map<string, ActionRow[]>()
  // A stage the pipeline does not have (any longer) is one group with the actions of none.
  const add = (stageId: string | null, row: ActionRow) => {
    const key = stages.some((stage) => stage.stage_id === stageId)
      ? (stageId ?? NO_STAGE)
      : NO_STAGE
    byStage.set(key, [...(byStage.get(key) ?? []), row])
  }
  const resultOf = new Map(results.map((result) => [result.action_id, result]))
  // The pipeline lists its actions by stage position, then position.
  for (const action of pipeline?.actions ?? []) {
    const result = resultOf.get(action.action_id)
    resultOf.delete(action.action_id)
    add(
      action.stage_id,
      result
        ? { kind: 'result', key: action.action_id, result }
        : { kind: 'not_done', key: action.action_id, name: action.name },
    )
  }
  for (const result of resultOf.values()) {
    add(result.stage_id, { kind: 'result', key: result.action_id, result })
  }
  const position = (stageId: string) => {
    const index = stages.findIndex((stage) => stage.stage_id === stageId)
    return index === -1 ? stages.length : index
  }
  return [...byStage.entries()].sort(([a], [b]) => position(a) - position(b))
}

function NotDoneItem({ name }: { name: string }) {
  const { t } = useTranslation('deals')
  return (
    <li className="rounded-md border border-dashed border-gray-300 p-3 text-gray-600">
      <div className="flex flex-wrap items-center gap-2">
        <span dir="auto" className="break-words">
          {name}
        </span>
        <Badge variant="outline" className="border-dashed text-gray-600">
          {t('analysis.progress.not_done')}
        </Badge>
      </div>
    </li>
  )
}

function ActionItem({ result }: { result: ActionResult }) {
  const { t } = useTranslation('deals')
  const explanations = useAnalysisExplanations()
  const summary = explanations.summary(result)
  const description = explanations.statusDescription(result)
  const progress = actionProgress(result.status)
  const method = communicationMethod(result.results)
  const MethodIcon = METHOD_ICON[method]
  return (
    <li className="rounded-md border border-gray-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span dir="auto" className="font-medium break-words">
          {result.action}
        </span>
        <Badge variant={PROGRESS_VARIANT[progress]}>{t(`analysis.progress.${progress}`)}</Badge>
        {result.results.length > 0 ? (
          <Badge variant="outline">
            <MethodIcon aria-hidden="true" />
            {t(`analysis.method.${method}`)}
          </Badge>
        ) : null}
      </div>
      {summary.text ? (
        <p dir={summary.dir} className="mt-1 text-sm">
          {summary.text}
        </p>
      ) : null}
      {description.text ? (
        <p dir={description.dir} className="mt-1 text-sm text-gray-700">
          {description.text}
        </p>
      ) : null}
      {/* The engine may quote one sentence for several findings: each is shown once. */}
      {[...new Set(result.results.map((quote) => quote.result))].map((quote) => (
        <blockquote
          key={quote}
          dir="auto"
          className="mt-2 border-s-2 border-gray-300 ps-3 text-sm break-words text-gray-700 italic"
        >
          {quote}
        </blockquote>
      ))}
    </li>
  )
}
