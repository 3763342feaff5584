import type { Pipeline, PipelineStage } from '@dealcoach/contracts/pipelines'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { isHttpError } from '@/lib/api-client'
import { detailsWithCode } from '@/lib/form-errors'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useStageDealCount } from '../api/count-stage-deals'

/**
 * Confirms a stage's removal. A stage that has deals (counted as the dialog opens) asks at once
 * which stage receives them, and the removal is sent with that choice. Should the server still
 * answer that the stage has deals (409 stage_has_deals: the count was not in yet, or failed, or
 * deals arrived meanwhile), it asks then and tries again.
 */
export function RemoveStageDialog({
  pipelineId,
  stage,
  actionCount,
  otherStages,
  onRemove,
  onRemoved,
  onClose,
}: {
  pipelineId: string
  stage: PipelineStage
  /** How many playbook actions go with the stage. */
  actionCount: number
  otherStages: PipelineStage[]
  onRemove: (moveDealsTo: string | undefined) => Promise<Pipeline>
  onRemoved: () => void
  onClose: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const errorText = useServerErrorText()
  const name = stage.name
  const [pending, setPending] = useState(false)
  const dealCount = useStageDealCount(pipelineId, stage.stage_id).data
  /** The server's explanation once it refused because of the stage's deals. */
  const [refused, setRefused] = useState<string | null>(null)
  /** Why the deals need a stage to go to: their count, or the server's refusal; null if they do not. */
  const hasDeals =
    refused ??
    (dealCount !== undefined && dealCount > 0
      ? t('remove_stage.has_deals_count', { name, count: dealCount })
      : null)
  const [target, setTarget] = useState<string | undefined>()
  const [targetMissing, setTargetMissing] = useState(false)

  /** Which stage still has how many deals, in the server's details; a plain text without them. */
  const hasDealsText = (error: unknown) => {
    const details = detailsWithCode(error, 'stage_has_deals')
    const detail = details.find(({ path }) => path.endsWith(`.${stage.stage_id}`)) ?? details[0]
    const count = detail?.params?.deal_count
    if (typeof count !== 'number') return t('remove_stage.has_deals')
    const stageName = detail?.params?.stage_name
    return t('remove_stage.has_deals_count', {
      name: typeof stageName === 'string' ? stageName : name,
      count,
    })
  }

  const confirm = () => {
    if (hasDeals !== null && !target) {
      setTargetMissing(true)
      return
    }
    setPending(true)
    onRemove(hasDeals !== null ? target : undefined).then(
      () => {
        notify.success(t('stages.removed', { name }))
        onRemoved()
      },
      (error: unknown) => {
        setPending(false)
        if (isHttpError(error, 'stage_has_deals') && hasDeals === null) {
          setRefused(hasDealsText(error))
          return
        }
        notify.error(errorText(error, {}, t('stages.save_failed')))
        onClose()
      },
    )
  }

  const noTarget = hasDeals !== null && otherStages.length === 0

  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('remove_stage.title', { name })}
      description={
        actionCount === 0
          ? t('remove_stage.description_empty')
          : t('remove_stage.description', { count: actionCount })
      }
      footer={
        <DialogActions
          onCancel={onClose}
          confirm={
            noTarget
              ? null
              : {
                  label:
                    hasDeals !== null ? t('remove_stage.confirm_move') : t('remove_stage.confirm'),
                  pendingLabel: t('remove_stage.removing'),
                  pending,
                  variant: 'destructive',
                  onClick: confirm,
                }
          }
        />
      }
    >
      {hasDeals !== null ? (
        <div className="flex flex-col gap-4 p-0.5">
          <p
            role="alert"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {hasDeals}
          </p>
          {noTarget ? (
            <p className="text-sm text-gray-700">{t('remove_stage.no_target')}</p>
          ) : (
            <Select
              label={t('remove_stage.move_to')}
              required
              placeholder={t('remove_stage.move_to_placeholder')}
              options={otherStages.map((other) => ({ value: other.stage_id, label: other.name }))}
              // An empty value (not undefined) keeps the Select controlled while it shows its placeholder.
              value={target ?? ''}
              onValueChange={(value) => {
                setTarget(value)
                setTargetMissing(false)
              }}
              error={targetMissing ? t('remove_stage.move_to_required') : undefined}
            />
          )}
        </div>
      ) : null}
    </ModalDialog>
  )
}
