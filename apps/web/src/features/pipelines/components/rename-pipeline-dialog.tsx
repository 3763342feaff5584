import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Pencil } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { useServerErrors } from '@/lib/use-server-errors'
import { useRenamePipeline } from '../api/rename-pipeline'

const NAME_FIELD = { name: { maxLength: PIPELINE_LIMITS.name } }

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Admins rename a pipeline; a name another pipeline has is refused at the field. */
export function RenamePipelineDialog({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation('pipeline-setup')
  const rename = useRenamePipeline()
  const formId = useId()
  const [open, setOpen] = useState(false)
  const changeOpen = (next: boolean) => {
    if (!next) rename.reset()
    setOpen(next)
  }

  const submit = (name: string) => {
    if (name === pipeline.name) {
      changeOpen(false)
      return
    }
    rename.mutate(
      { pipelineId: pipeline.id, name },
      {
        onSuccess: (saved) => {
          notify.success(t('rename.saved', { name: saved.name }))
          changeOpen(false)
        },
      },
    )
  }

  return (
    <ModalDialog
      title={t('rename.title')}
      description={t('rename.description')}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button type="button" variant="outline">
          <Pencil aria-hidden="true" />
          {t('rename.open')}
        </Button>
      }
      footer={
        <DialogActions
          onCancel={() => changeOpen(false)}
          confirm={{
            label: t('rename.submit'),
            pendingLabel: t('rename.saving'),
            pending: rename.isPending,
            formId,
          }}
        />
      }
    >
      <RenamePipelineForm id={formId} pipeline={pipeline} error={rename.error} onSubmit={submit} />
    </ModalDialog>
  )
}

/** The dialog's body; it unmounts when the dialog closes, so each opening starts afresh. */
function RenamePipelineForm({
  id,
  pipeline,
  error,
  onSubmit,
}: {
  id: string
  pipeline: Pipeline
  error: Error | null
  onSubmit: (name: string) => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const pipelines = usePipelines()
  const [name, setName] = useState(pipeline.name)
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(error, NAME_FIELD, { fallback: t('rename.failed') })

  // The list is at hand: a name another pipeline has is refused before asking the server.
  const taken = (pipelines.data?.models ?? []).some(
    (other) => other.id !== pipeline.id && sameName(other.name, name),
  )
  const clientError = !name.trim()
    ? t('rename.name_required')
    : taken
      ? t('common:form_errors.pipeline_name_taken')
      : undefined
  const nameError = (submitted ? clientError : undefined) ?? server.fieldError('name')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (clientError) return
    onSubmit(name.trim())
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
      <UnsavedChangesPrompt when={name.trim() !== pipeline.name} />
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('rename.name')}
        error={nameError}
        currentLength={name.length}
        maxLength={PIPELINE_LIMITS.name}
      >
        <Input
          value={name}
          maxLength={PIPELINE_LIMITS.name}
          autoComplete="off"
          dir="auto"
          onChange={(event) => {
            setName(event.target.value)
            setSubmitted(false)
            server.clear('name')
          }}
        />
      </FormField>
    </form>
  )
}
