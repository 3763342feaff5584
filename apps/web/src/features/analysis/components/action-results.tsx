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

const METHOD_ICON = { mixed: Shuffle, phone: Phone, email: Mail } as const

/** The playbook's actions the analysis found, grouped by the pipeline's stages in their order. */
export function ActionResults({
  results,
  pipeline,
}: {
  results: readonly ActionResult[]
  pipeline: Pipeline | undefined
}) {
  const { t } = useTranslation('deals')
  if (results.length === 0) {
    return <p className="text-sm text-gray-600">{t('analysis.no_actions')}</p>
  }
  const stages = pipeline?.stages ?? []
  const byStage = new Map<string, ActionResult[]>()
  for (const result of results) {
    const stageId = result.stage_id ?? ''
    byStage.set(stageId, [...(byStage.get(stageId) ?? []), result])
  }
  const position = (stageId: string) => {
    const index = stages.findIndex((stage) => stage.stage_id === stageId)
    return index === -1 ? stages.length : index
  }
  const groups = [...byStage.entries()].sort(([a], [b]) => position(a) - position(b))
  const stageName = (stageId: string) =>
    stages.find((stage) => stage.stage_id === stageId)?.name ?? t('analysis.other_stage')
  return (
    <div className="flex flex-col gap-5">
      {groups.map(([stageId, stageResults]) => (
        <div key={stageId} className="flex flex-col gap-2">
          <h4 className="text-sm font-medium text-gray-700">{stageName(stageId)}</h4>
          <ul className="flex flex-col gap-2">
            {stageResults.map((result) => (
              <ActionItem key={result.action_id} result={result} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

function ActionItem({ result }: { result: ActionResult }) {
  const { t } = useTranslation('deals')
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
      {/* The engine writes in English: each text keeps its own direction on a right-to-left page. */}
      {result.summary ? (
        <p dir="auto" className="mt-1 text-sm">
          {result.summary}
        </p>
      ) : null}
      {result.status_description ? (
        <p dir="auto" className="mt-1 text-sm text-gray-700">
          {result.status_description}
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
