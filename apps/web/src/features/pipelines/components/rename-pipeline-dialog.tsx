import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Pencil } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormDialog } from '@/components/ui/form-dialog'
import { notify } from '@/components/ui/toast'
import { useRenamePipeline } from '../api/rename-pipeline'
import { PipelineNameField, usePipelineNameProblem } from './pipeline-name-field'

/** Admins rename a pipeline; a name another pipeline has is refused at the field. */
export function RenamePipelineDialog({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation('pipeline-setup')
  const rename = useRenamePipeline()
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
    <FormDialog
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
      submit={{
        label: t('rename.submit'),
        pendingLabel: t('rename.saving'),
        pending: rename.isPending,
      }}
      onCancel={() => changeOpen(false)}
    >
      {(formId) => (
        <RenamePipelineForm
          id={formId}
          pipeline={pipeline}
          error={rename.error}
          onSubmit={submit}
        />
      )}
    </FormDialog>
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
  const [name, setName] = useState(pipeline.name)
  const [submitCount, setSubmitCount] = useState(0)
  const problem = usePipelineNameProblem(name, pipeline.id)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitCount((count) => count + 1)
    if (problem) return
    onSubmit(name.trim())
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
      <UnsavedChangesPrompt when={name.trim() !== pipeline.name} />
      <PipelineNameField
        value={name}
        onChange={setName}
        exceptId={pipeline.id}
        submitCount={submitCount}
        error={error}
        fallback={t('rename.failed')}
      />
    </form>
  )
}
