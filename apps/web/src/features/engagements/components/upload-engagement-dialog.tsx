import { Upload } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import {
  type EngagementDetails,
  type EngagementSource,
  previewEngagement,
  useSaveEngagement,
} from '@/entities/deal/api/engagements-api'
import type { EngagementPreview } from '@/entities/deal/api/types'
import { ConfirmEngagement, type Duplicate } from './confirm-engagement'
import {
  EMPTY_DRAFT,
  EngagementSourceForm,
  isDraftEmpty,
  type SourceDraft,
} from './engagement-source-form'
import {
  checkFile,
  type ContentField,
  NO_UPLOAD_ERRORS,
  type UploadErrors,
  type UploadField,
  type UploadProblem,
  uploadErrors,
} from './upload-errors'

/** Adds a call transcript or an e-mail: first a preview to confirm who spoke for whom, then saved. */
export function UploadEngagementDialog({ dealId }: { dealId: string }) {
  const { t } = useTranslation('deals')
  const [open, setOpen] = useState(false)
  return (
    <ModalDialog
      title={t('upload.title')}
      description={t('upload.description')}
      variant="wide"
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button">
          <Upload aria-hidden="true" />
          {t('upload.open')}
        </Button>
      }
    >
      <UploadSteps dealId={dealId} onDone={() => setOpen(false)} />
    </ModalDialog>
  )
}

/** The field that carries what the source's content is, for a refusal of it. */
const contentFieldOf = (source: EngagementSource): ContentField =>
  source.kind === 'paste' ? 'text' : source.kind === 'email' ? 'body' : 'file'

interface Previewed {
  source: EngagementSource
  preview: EngagementPreview
}

function UploadSteps({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const { t } = useTranslation('deals')
  const say = useUploadProblemText()
  const save = useSaveEngagement(dealId)
  const [draft, setDraft] = useState<SourceDraft>(EMPTY_DRAFT)
  const [previewed, setPreviewed] = useState<Previewed | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [errors, setErrors] = useState<UploadErrors>(NO_UPLOAD_ERRORS)
  // The file the server found already on the deal: it cannot be saved, so it is no unsaved edit,
  // Back to the first step included; choosing another file makes one again.
  const [duplicateFile, setDuplicateFile] = useState<File | null>(null)
  const fieldErrors: Partial<Record<UploadField, string>> = {}
  for (const [field, problem] of Object.entries(errors.fields) as [UploadField, UploadProblem?][]) {
    if (problem) fieldErrors[field] = say(problem)
  }
  const forget = (field: UploadField) =>
    setErrors((current) => ({ ...current, fields: { ...current.fields, [field]: undefined } }))

  const ask = async (source: EngagementSource) => {
    const local = source.kind === 'file' ? checkFile(source.file) : null
    if (local) {
      setErrors({ fields: { file: local } })
      return
    }
    setErrors(NO_UPLOAD_ERRORS)
    setPreviewing(true)
    try {
      const preview = await previewEngagement(dealId, source)
      if (preview.duplicate_of && source.kind === 'file') setDuplicateFile(source.file)
      setPreviewed({ source, preview })
    } catch (error) {
      setErrors(uploadErrors(error, contentFieldOf(source)))
    } finally {
      setPreviewing(false)
    }
  }

  const confirm = (source: EngagementSource, details: EngagementDetails) => {
    setErrors(NO_UPLOAD_ERRORS)
    save.mutate(
      { source, details },
      {
        onSuccess: ({ engagement }) => {
          notify.success(t('upload.saved', { name: engagement.name }))
          onDone()
        },
        onError: (error) => {
          const refused = uploadErrors(error, contentFieldOf(source))
          if (refused.duplicate && source.kind === 'file') setDuplicateFile(source.file)
          setErrors(refused)
        },
      },
    )
  }

  const back = () => {
    // A refusal of the content (an unreadable file) belongs to the first step and stays.
    setErrors(({ fields: { file, text } }) => ({ fields: { file, text } }))
    setPreviewed(null)
  }

  const fileRefused =
    errors.fields.file !== undefined || (draft.file !== null && draft.file === duplicateFile)
  const duplicate: Duplicate | null =
    errors.duplicate ??
    (previewed?.preview.duplicate_of ? { earlier: previewed.preview.duplicate_of } : null)

  return (
    <div className="flex flex-col gap-4 p-0.5">
      <UnsavedChangesPrompt when={!isDraftEmpty(draft, fileRefused)} />
      {errors.form ? <FormAlert>{say(errors.form)}</FormAlert> : null}
      {previewed ? (
        <ConfirmEngagement
          dealId={dealId}
          preview={previewed.preview}
          named={previewed.source.kind !== 'email'}
          needsRoles={previewed.source.kind !== 'email' && previewed.preview.type !== 'email'}
          errors={fieldErrors}
          duplicate={duplicate}
          pending={save.isPending}
          onEdit={forget}
          onBack={back}
          onConfirm={(details) => confirm(previewed.source, details)}
          onShowEarlier={onDone}
        />
      ) : (
        <EngagementSourceForm
          draft={draft}
          onChange={(next, edited) => {
            setDraft(next)
            if (edited) forget(edited)
          }}
          errors={fieldErrors}
          pending={previewing}
          onSubmit={(source) => void ask(source)}
        />
      )}
    </div>
  )
}

/** A refusal in the user's language: the upload's own wording, or the common form errors'. */
function useUploadProblemText() {
  const { t } = useTranslation(['deals', 'common'])
  return (problem: UploadProblem): string => {
    if (problem.key === 'common') {
      return t(`common:${problem.message.key}`, problem.message.values)
    }
    if ('line' in problem && problem.line !== undefined) {
      return t(`${problem.key}_line`, { line: problem.line })
    }
    return t(problem.key)
  }
}
