import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import type { PipelineAction, PipelineStage } from '@dealcoach/contracts/pipelines'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { FormDialog } from '@/components/ui/form-dialog'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { useServerErrors } from '@/lib/use-server-errors'
import type { ActionDraft } from '../utils/action-edits'
import { isNameTaken } from '../utils/same-name'

/** Value of the stage choice meaning "no stage" (Radix Select values cannot be empty). */
const NO_STAGE = 'none'

/** The action list is sent whole: a refusal names the entry's index, e.g. `3.name`. */
const FIELDS = {
  name: { path: '*.name', maxLength: PIPELINE_LIMITS.name },
  description: { path: '*.description', maxLength: PIPELINE_LIMITS.actionDescription },
}

/**
 * Adds a playbook action to a stage, or edits one (name, description, stage). The change shows in
 * the list at once; the dialog stays open until the server keeps it, so nothing typed is lost.
 */
export function ActionDialog({
  stages,
  stageId,
  action,
  otherNames,
  onSave,
  onClose,
}: {
  stages: PipelineStage[]
  /** The stage the action is added to or listed under. */
  stageId: string | null
  /** The action to edit; absent to add one. */
  action?: PipelineAction
  /** The names of the pipeline's other actions: a repeated one is refused before asking. */
  otherNames: readonly string[]
  onSave: (draft: ActionDraft) => Promise<void>
  onClose: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const [saved] = useState<ActionDraft>(() => ({
    stage_id: action?.stage_id ?? stageId,
    name: action?.name ?? '',
    description: action?.description ?? '',
  }))
  const [draft, setDraft] = useState<ActionDraft>(saved)
  // Closing without saving asks first once anything differs from what the dialog opened with.
  const dirty =
    draft.name !== saved.name ||
    draft.description !== saved.description ||
    draft.stage_id !== saved.stage_id
  const [submitted, setSubmitted] = useState(false)
  const [pending, setPending] = useState(false)
  const [refusal, setRefusal] = useState<unknown>(null)
  const server = useServerErrors(refusal, FIELDS)
  const clientError = !draft.name.trim()
    ? t('action_form.name_required')
    : isNameTaken(otherNames, draft.name)
      ? t('common:form_errors.action_name_repeated')
      : undefined
  const nameError = (submitted ? clientError : undefined) ?? server.fieldError('name')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (clientError) return
    setPending(true)
    setRefusal(null)
    onSave(draft).then(onClose, (error: unknown) => {
      setPending(false)
      setRefusal(error)
    })
  }

  const stageOptions = [
    ...stages.map((stage) => ({ value: stage.stage_id, label: stage.name })),
    ...(action ? [{ value: NO_STAGE, label: t('action_form.no_stage') }] : []),
  ]

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={
        action ? t('action_form.edit_title', { name: action.name }) : t('action_form.add_title')
      }
      description={t('action_form.description')}
      dirty={dirty}
      submit={{
        label: action ? t('action_form.save') : t('action_form.add'),
        pendingLabel: t('action_form.saving'),
        pending,
      }}
      onCancel={onClose}
    >
      {(formId) => (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
          <FormField
            label={t('action_form.name')}
            error={nameError}
            currentLength={draft.name.length}
            maxLength={PIPELINE_LIMITS.name}
          >
            <Input
              value={draft.name}
              maxLength={PIPELINE_LIMITS.name}
              autoComplete="off"
              onChange={(event) => {
                setDraft({ ...draft, name: event.target.value })
                server.clear('name')
              }}
            />
          </FormField>
          <FormField
            label={t('action_form.details')}
            description={t('action_form.details_help')}
            error={server.fieldError('description')}
            currentLength={draft.description.length}
            maxLength={PIPELINE_LIMITS.actionDescription}
          >
            <Textarea
              rows={4}
              value={draft.description}
              maxLength={PIPELINE_LIMITS.actionDescription}
              onChange={(event) => {
                setDraft({ ...draft, description: event.target.value })
                server.clear('description')
              }}
            />
          </FormField>
          {stages.length > 0 ? (
            <Select
              label={t('action_form.stage')}
              options={stageOptions}
              value={draft.stage_id ?? NO_STAGE}
              onValueChange={(value) =>
                setDraft({ ...draft, stage_id: value === NO_STAGE ? null : value })
              }
            />
          ) : null}
        </form>
      )}
    </FormDialog>
  )
}
