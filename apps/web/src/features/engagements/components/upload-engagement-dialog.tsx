import { Upload } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { RadioGroup } from '@/components/ui/radio-group'
import { Select } from '@/components/ui/select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import { notify } from '@/components/ui/toast'
import {
  type EngagementSource,
  previewEngagement,
  type SpeakerRoles,
  useSaveEngagement,
} from '@/entities/deal/api/engagements-api'
import type { EngagementPreview, SpeakerRole } from '@/entities/deal/api/types'
import { ACCEPTED_EXTENSIONS, checkFile, type UploadProblem, uploadProblem } from './upload-errors'

type Tab = 'file' | 'paste' | 'email'

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

function UploadSteps({ dealId, onDone }: { dealId: string; onDone: () => void }) {
  const { t } = useTranslation('deals')
  const save = useSaveEngagement(dealId)
  const [source, setSource] = useState<EngagementSource | null>(null)
  const [preview, setPreview] = useState<EngagementPreview | null>(null)
  const [previewing, setPreviewing] = useState(false)
  const [problem, setProblem] = useState<UploadProblem | null>(null)

  const ask = async (next: EngagementSource) => {
    if (next.kind === 'file') {
      const local = checkFile(next.file)
      if (local) {
        setProblem(local)
        return
      }
    }
    setProblem(null)
    setPreviewing(true)
    try {
      setPreview(await previewEngagement(dealId, next))
      setSource(next)
    } catch (error) {
      setProblem(uploadProblem(error))
    } finally {
      setPreviewing(false)
    }
  }

  const confirm = (roles: SpeakerRoles | undefined) => {
    if (!source) return
    save.mutate(
      { source, roles },
      {
        onSuccess: ({ engagement }) => {
          notify.success(t('upload.saved', { name: engagement.name }))
          onDone()
        },
        onError: (error) => setProblem(uploadProblem(error)),
      },
    )
  }

  return (
    <div className="flex flex-col gap-4 p-0.5">
      {problem ? <ProblemAlert dealId={dealId} problem={problem} /> : null}
      {preview && source ? (
        <ConfirmRoles
          preview={preview}
          needsRoles={source.kind !== 'email'}
          pending={save.isPending}
          onBack={() => {
            setPreview(null)
            setProblem(null)
          }}
          onConfirm={confirm}
        />
      ) : (
        <SourceForm pending={previewing} onSubmit={(next) => void ask(next)} />
      )}
    </div>
  )
}

function ProblemAlert({ dealId, problem }: { dealId: string; problem: UploadProblem }) {
  const { t } = useTranslation('deals')
  if (problem.key === 'upload.errors.invalid_file') {
    return (
      <FormAlert>
        {problem.line === undefined
          ? t('upload.errors.invalid_file')
          : t('upload.errors.invalid_file_line', { line: problem.line })}
      </FormAlert>
    )
  }
  if (problem.key === 'upload.errors.duplicate' && problem.earlier) {
    return (
      <FormAlert>
        {t('upload.errors.duplicate_named', { name: problem.earlier.name })}{' '}
        <a
          href={`/deals/${encodeURIComponent(dealId)}#engagement-${problem.earlier.id}`}
          className="underline"
        >
          {t('upload.errors.show_earlier')}
        </a>
      </FormAlert>
    )
  }
  return <FormAlert>{t(problem.key)}</FormAlert>
}

function SourceForm({
  pending,
  onSubmit,
}: {
  pending: boolean
  onSubmit: (source: EngagementSource) => void
}) {
  const { t } = useTranslation('deals')
  const formId = useId()
  const [tab, setTab] = useState<Tab>('file')
  const [file, setFile] = useState<File | null>(null)
  const [text, setText] = useState('')
  const [email, setEmail] = useState({
    direction: 'inbound' as 'inbound' | 'outbound',
    from: '',
    to: '',
    subject: '',
    body: '',
  })
  const [missing, setMissing] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const source: EngagementSource | null =
      tab === 'file'
        ? file && { kind: 'file', file }
        : tab === 'paste'
          ? text.trim()
            ? { kind: 'paste', text }
            : null
          : email.from.trim() && email.subject.trim() && email.body.trim()
            ? { kind: 'email', ...email }
            : null
    setMissing(source === null)
    if (source) onSubmit(source)
  }

  return (
    <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Tabs value={tab} onValueChange={(next) => setTab(next as Tab)}>
        <TabsList>
          <TabsTrigger value="file">{t('upload.tab_file')}</TabsTrigger>
          <TabsTrigger value="paste">{t('upload.tab_paste')}</TabsTrigger>
          <TabsTrigger value="email">{t('upload.tab_email')}</TabsTrigger>
        </TabsList>
        <TabsContent value="file" className="pt-3">
          <label
            className="flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed border-gray-300 p-6 text-center text-sm hover:border-brand-600"
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault()
              setFile(event.dataTransfer.files[0] ?? null)
            }}
          >
            <Upload aria-hidden="true" className="size-6 text-gray-500" />
            <span>{file ? file.name : t('upload.drop')}</span>
            <span className="text-gray-600">{t('upload.accepted')}</span>
            <input
              type="file"
              className="sr-only"
              aria-label={t('upload.file')}
              accept={ACCEPTED_EXTENSIONS.join(',')}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </label>
          {missing && !file ? (
            <p className="mt-2 text-sm text-red-700">{t('upload.file_required')}</p>
          ) : null}
        </TabsContent>
        <TabsContent value="paste" className="pt-3">
          <FormField
            label={t('upload.transcript')}
            description={t('upload.transcript_help')}
            error={missing && !text.trim() ? t('upload.transcript_required') : undefined}
          >
            <Textarea rows={10} value={text} onChange={(event) => setText(event.target.value)} />
          </FormField>
        </TabsContent>
        <TabsContent value="email" className="flex flex-col gap-3 pt-3">
          <Select
            label={t('upload.direction')}
            value={email.direction}
            onValueChange={(next) =>
              setEmail({ ...email, direction: next as 'inbound' | 'outbound' })
            }
            options={[
              { value: 'inbound', label: t('upload.inbound') },
              { value: 'outbound', label: t('upload.outbound') },
            ]}
          />
          <FormField
            label={t('upload.from')}
            error={missing && !email.from.trim() ? t('upload.required') : undefined}
          >
            <Input
              value={email.from}
              onChange={(event) => setEmail({ ...email, from: event.target.value })}
            />
          </FormField>
          <FormField label={t('upload.to')}>
            <Input
              value={email.to}
              onChange={(event) => setEmail({ ...email, to: event.target.value })}
            />
          </FormField>
          <FormField
            label={t('upload.subject')}
            error={missing && !email.subject.trim() ? t('upload.required') : undefined}
          >
            <Input
              value={email.subject}
              onChange={(event) => setEmail({ ...email, subject: event.target.value })}
            />
          </FormField>
          <FormField
            label={t('upload.body')}
            error={missing && !email.body.trim() ? t('upload.required') : undefined}
          >
            <Textarea
              rows={8}
              value={email.body}
              onChange={(event) => setEmail({ ...email, body: event.target.value })}
            />
          </FormField>
        </TabsContent>
      </Tabs>
      <Button type="submit" className="self-end" disabled={pending}>
        {pending ? t('upload.reading') : t('upload.next')}
      </Button>
    </form>
  )
}

function ConfirmRoles({
  preview,
  needsRoles,
  pending,
  onBack,
  onConfirm,
}: {
  preview: EngagementPreview
  needsRoles: boolean
  pending: boolean
  onBack: () => void
  onConfirm: (roles: SpeakerRoles | undefined) => void
}) {
  const { t } = useTranslation('deals')
  const [roles, setRoles] = useState<Record<string, SpeakerRole>>(() =>
    Object.fromEntries(preview.speakers.map((speaker) => [speaker.speaker, speaker.proposed_role])),
  )
  const [tried, setTried] = useState(false)
  const undecided = preview.speakers.filter((speaker) => roles[speaker.speaker] === 'unknown')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (needsRoles && undecided.length > 0) return
    onConfirm(needsRoles ? (roles as SpeakerRoles) : undefined)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <p className="font-medium">{preview.name}</p>
      {preview.duplicate_of ? (
        <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-800">
          {t('upload.duplicate_warning', { name: preview.duplicate_of.name })}
        </p>
      ) : null}
      {needsRoles ? (
        <>
          <p className="text-sm text-gray-700">{t('upload.roles_help')}</p>
          <ul className="flex flex-col gap-4">
            {preview.speakers.map((speaker) => (
              <li key={speaker.speaker} className="rounded-md border border-gray-200 p-3">
                <RadioGroup
                  label={t('upload.speaker', { name: speaker.speaker })}
                  value={roles[speaker.speaker] === 'unknown' ? '' : roles[speaker.speaker]}
                  onValueChange={(next) =>
                    setRoles((current) => ({ ...current, [speaker.speaker]: next as SpeakerRole }))
                  }
                  className="grid-cols-2"
                  options={[
                    { value: 'seller', label: t('upload.seller') },
                    { value: 'buyer', label: t('upload.buyer') },
                  ]}
                />
                <p className="mt-2 text-sm text-gray-600 italic">“{speaker.sample}”</p>
                {tried && roles[speaker.speaker] === 'unknown' ? (
                  <p className="mt-1 text-sm text-red-700">{t('upload.role_required')}</p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          {t('upload.back')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('upload.saving') : t('upload.save')}
        </Button>
      </div>
    </form>
  )
}
