import { Upload } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { Textarea } from '@/components/ui/textarea'
import type { EngagementSource } from '@/entities/deal/api/engagements-api'
import { cn } from '@/lib/cn'
import { ACCEPTED_EXTENSIONS, type UploadField } from './upload-errors'

type Tab = 'file' | 'paste' | 'email'

/** What the user has given so far; kept while they confirm, so Back returns to it. */
export interface SourceDraft {
  tab: Tab
  file: File | null
  text: string
  email: {
    direction: 'inbound' | 'outbound'
    from: string
    to: string
    subject: string
    body: string
  }
}

export const EMPTY_DRAFT: SourceDraft = {
  tab: 'file',
  file: null,
  text: '',
  email: { direction: 'inbound', from: '', to: '', subject: '', body: '' },
}

/**
 * Whether closing would lose nothing: no text typed and no file that could still be sent. A file
 * the dialog or the server refused (empty, binary, a PDF, one already on the deal) cannot be
 * saved, so it is no edit.
 */
export const isDraftEmpty = (draft: SourceDraft, fileRefused = false) =>
  (draft.file === null || fileRefused) &&
  draft.text.trim() === '' &&
  (Object.keys(EMPTY_DRAFT.email) as (keyof SourceDraft['email'])[]).every(
    (field) => draft.email[field] === EMPTY_DRAFT.email[field],
  )

/** The source the draft's tab describes, or null while a required part is missing. */
function sourceOf(draft: SourceDraft): EngagementSource | null {
  if (draft.tab === 'file') return draft.file && { kind: 'file', file: draft.file }
  if (draft.tab === 'paste') return draft.text.trim() ? { kind: 'paste', text: draft.text } : null
  const { from, subject, body } = draft.email
  return from.trim() && subject.trim() && body.trim() ? { kind: 'email', ...draft.email } : null
}

/** The first step: a file, a pasted transcript or an e-mail typed in, each with its own checks. */
export function EngagementSourceForm({
  draft,
  onChange,
  errors,
  pending,
  onSubmit,
}: {
  draft: SourceDraft
  /** `edited` names the field the user changed: its refusal no longer applies. */
  onChange: (draft: SourceDraft, edited?: UploadField) => void
  /** Translated refusals, each at its field. */
  errors: Partial<Record<UploadField, string>>
  pending: boolean
  onSubmit: (source: EngagementSource) => void
}) {
  const { t } = useTranslation('deals')
  // The tabs whose Continue found a part missing: a tab shows its own missing parts only, once
  // the user has tried to continue from it, not because another tab was sent incomplete.
  const [tried, setTried] = useState<ReadonlySet<Tab>>(() => new Set())
  const { email } = draft
  const setEmail = (part: Partial<SourceDraft['email']>, edited?: UploadField) =>
    onChange({ ...draft, email: { ...email, ...part } }, edited)
  const required = (value: string, field: UploadField) =>
    (tried.has('email') && !value.trim() ? t('upload.required') : undefined) ?? errors[field]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const source = sourceOf(draft)
    setTried((current) => {
      const next = new Set(current)
      if (source === null) next.add(draft.tab)
      else next.delete(draft.tab)
      return next
    })
    if (source) onSubmit(source)
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Tabs value={draft.tab} onValueChange={(tab) => onChange({ ...draft, tab: tab as Tab })}>
        <TabsList>
          <TabsTrigger value="file">{t('upload.tab_file')}</TabsTrigger>
          <TabsTrigger value="paste">{t('upload.tab_paste')}</TabsTrigger>
          <TabsTrigger value="email">{t('upload.tab_email')}</TabsTrigger>
        </TabsList>
        <TabsContent value="file" className="pt-3">
          <FileDrop
            file={draft.file}
            error={tried.has('file') && !draft.file ? t('upload.file_required') : errors.file}
            onFile={(file) => onChange({ ...draft, file }, 'file')}
          />
        </TabsContent>
        <TabsContent value="paste" className="pt-3">
          <FormField
            label={t('upload.transcript')}
            description={t('upload.transcript_help')}
            error={
              (tried.has('paste') && !draft.text.trim()
                ? t('upload.transcript_required')
                : undefined) ?? errors.text
            }
          >
            <Textarea
              rows={10}
              value={draft.text}
              onChange={(event) => onChange({ ...draft, text: event.target.value }, 'text')}
            />
          </FormField>
        </TabsContent>
        <TabsContent value="email" className="flex flex-col gap-3 pt-3">
          <Select
            label={t('upload.direction')}
            value={email.direction}
            onValueChange={(next) =>
              setEmail({ direction: next as SourceDraft['email']['direction'] })
            }
            options={[
              { value: 'inbound', label: t('upload.inbound') },
              { value: 'outbound', label: t('upload.outbound') },
            ]}
          />
          <FormField label={t('upload.from')} error={required(email.from, 'from')}>
            <Input
              value={email.from}
              onChange={(event) => setEmail({ from: event.target.value }, 'from')}
            />
          </FormField>
          <FormField label={t('upload.to')} error={errors.to}>
            <Input
              value={email.to}
              onChange={(event) => setEmail({ to: event.target.value }, 'to')}
            />
          </FormField>
          <FormField label={t('upload.subject')} error={required(email.subject, 'subject')}>
            <Input
              value={email.subject}
              onChange={(event) => setEmail({ subject: event.target.value }, 'subject')}
            />
          </FormField>
          <FormField label={t('upload.body')} error={required(email.body, 'body')}>
            <Textarea
              rows={8}
              value={email.body}
              onChange={(event) => setEmail({ body: event.target.value }, 'body')}
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

/** A drop zone that is also the file input's label, with its refusal linked to the input. */
function FileDrop({
  file,
  error,
  onFile,
}: {
  file: File | null
  error: string | undefined
  onFile: (file: File | null) => void
}) {
  const { t } = useTranslation('deals')
  const errorId = useId()
  return (
    <>
      <label
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed p-6 text-center text-sm hover:border-brand-600 has-[:focus-visible]:border-brand-600 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
          error ? 'border-red-600' : 'border-gray-300',
        )}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault()
          onFile(event.dataTransfer.files[0] ?? null)
        }}
      >
        <Upload aria-hidden="true" className="size-6 text-gray-500" />
        <span className="break-all">{file ? file.name : t('upload.drop')}</span>
        <span className="text-gray-600">{t('upload.accepted')}</span>
        <input
          type="file"
          className="sr-only"
          aria-label={t('upload.file')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          accept={ACCEPTED_EXTENSIONS.join(',')}
          onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        />
      </label>
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}
