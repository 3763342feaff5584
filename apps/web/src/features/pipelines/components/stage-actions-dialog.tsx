import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { FormAlert } from '@/components/ui/form-alert'
import { FormDialog } from '@/components/ui/form-dialog'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import { useServerErrors } from '@/lib/use-server-errors'
import { useReplaceStageActions } from '../api/replace-stage-actions'
import {
  assignmentOf,
  isSameAssignment,
  type StageAssignment,
  stageActionsBody,
} from '../utils/stage-assignment'

/** Value of the stage choice meaning "no stage" (Radix Select values cannot be empty). */
const NO_STAGE = 'none'

/**
 * Admins give every playbook action its stage at once (PUT stage-actions), e.g. the actions a
 * removed stage left without one. Nothing is sent until Save; the dialog stays open until the
 * server keeps the change, and asks before unsaved choices are lost.
 */
export function StageActionsDialog({
  pipeline,
  onClose,
}: {
  pipeline: Pipeline
  onClose: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const replace = useReplaceStageActions(pipeline.id)
  const saved = assignmentOf(pipeline)
  const [assignment, setAssignment] = useState<StageAssignment>(saved)
  const server = useServerErrors(replace.error, {}, { fallback: t('stage_actions.save_failed') })
  const changed = !isSameAssignment(assignment, saved)

  const options = [
    ...pipeline.stages.map((stage) => ({ value: stage.stage_id, label: stage.name })),
    { value: NO_STAGE, label: t('action_form.no_stage') },
  ]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!changed) {
      onClose()
      return
    }
    replace.mutate(stageActionsBody(pipeline, assignment), {
      onSuccess: () => {
        notify.success(t('stage_actions.saved'))
        onClose()
      },
    })
  }

  return (
    <FormDialog
      open
      variant="wide"
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('stage_actions.title')}
      description={t('stage_actions.description')}
      submit={{
        label: t('stage_actions.save'),
        pendingLabel: t('action_form.saving'),
        pending: replace.isPending,
      }}
      onCancel={onClose}
    >
      {(formId) => (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
          <UnsavedChangesPrompt when={changed && !replace.isSuccess} />
          {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
          {pipeline.actions.length === 0 ? (
            <p className="text-sm text-gray-600">{t('actions.empty')}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {pipeline.actions.map((action) => (
                <li key={action.action_id}>
                  <Select
                    label={action.name}
                    options={options}
                    value={assignment[action.action_id] ?? NO_STAGE}
                    onValueChange={(value) =>
                      setAssignment({
                        ...assignment,
                        [action.action_id]: value === NO_STAGE ? null : value,
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </form>
      )}
    </FormDialog>
  )
}
