import type { Pipeline, ReplaceRemoteStageLookupBody } from '@dealcoach/contracts/pipelines'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { FormAlert } from '@/components/ui/form-alert'
import { FormDialog } from '@/components/ui/form-dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { notify } from '@/components/ui/toast'
import type { FieldSpecs } from '@/lib/form-errors'
import { useServerErrors } from '@/lib/use-server-errors'
import { useReplaceRemoteStageLookup } from '../api/replace-remote-stage-lookup'
import { type CrmStageIds, crmStageIdsOf, remoteStageLookupBody } from '../utils/stage-assignment'

/** The longest CRM stage id the server keeps (contracts/pipelines.ts). */
export const CRM_STAGE_ID_MAX = 200

/** A refusal names the entry sent, `<index>.remote_stage_id`: each maps back to its stage. */
function fieldsOf(sent: ReplaceRemoteStageLookupBody): FieldSpecs<string> {
  return Object.fromEntries(
    sent.map((entry, index) => [
      entry.stage_id,
      { path: `${index}.remote_stage_id`, maxLength: CRM_STAGE_ID_MAX },
    ]),
  )
}

/**
 * Admins say which CRM stage each stage is (PUT remote-stage-lookup), so that deals synced from
 * the CRM land in the right stage. A blank id unlinks the stage. Nothing is sent until Save; the
 * dialog asks before unsaved ids are lost.
 */
export function CrmStageIdsDialog({
  pipeline,
  onClose,
}: {
  pipeline: Pipeline
  onClose: () => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const replace = useReplaceRemoteStageLookup(pipeline.id)
  const [typed, setTyped] = useState<CrmStageIds>(() => crmStageIdsOf(pipeline))
  const [sent, setSent] = useState<ReplaceRemoteStageLookupBody>([])
  const server = useServerErrors(replace.error, fieldsOf(sent), {
    fallback: t('crm_stages.save_failed'),
  })
  const body = remoteStageLookupBody(pipeline, typed)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (body.length === 0) {
      onClose()
      return
    }
    setSent(body)
    replace.mutate(body, {
      onSuccess: () => {
        notify.success(t('crm_stages.saved'))
        onClose()
      },
    })
  }

  return (
    <FormDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t('crm_stages.title')}
      description={t('crm_stages.description')}
      submit={{
        label: t('crm_stages.save'),
        pendingLabel: t('action_form.saving'),
        pending: replace.isPending,
      }}
      onCancel={onClose}
    >
      {(formId) => (
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
          <UnsavedChangesPrompt when={body.length > 0 && !replace.isSuccess} />
          {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
          {pipeline.stages.map((stage) => (
            <FormField
              key={stage.stage_id}
              label={stage.name}
              error={server.fieldError(stage.stage_id)}
            >
              <Input
                dir="ltr"
                value={typed[stage.stage_id] ?? ''}
                maxLength={CRM_STAGE_ID_MAX}
                autoComplete="off"
                spellCheck={false}
                placeholder={t('crm_stages.placeholder')}
                onChange={(event) => {
                  setTyped({ ...typed, [stage.stage_id]: event.target.value })
                  server.clear(stage.stage_id)
                }}
              />
            </FormField>
          ))}
        </form>
      )}
    </FormDialog>
  )
}
