import { IMPORT_KINDS, type ImportKind, type ImportMapping } from '@dealcoach/contracts/imports'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeft, FileSpreadsheet, Upload } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { RadioGroup } from '@/components/ui/radio-group'
import { useUploadImport } from '../api/imports-api'
import { readCsvHeader } from '../lib/csv-header'
import { type ImportMessage, uploadErrors } from '../lib/import-errors'
import { MappingStep } from './mapping-step'

/** What the first step found: the kind and file chosen, and the file's header. */
export interface ChosenFile {
  kind: ImportKind
  file: File
  headers: string[]
}

const MAX_MB = 100
const MAX_BYTES = MAX_MB * 1024 * 1024

/**
 * /imports/new: choose what the file holds and the file, map its columns (recognised ones
 * pre-filled), then upload it; the dry run's screen follows.
 */
export function NewImport({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('imports')
  const navigate = useNavigate()
  const upload = useUploadImport()
  const [chosen, setChosen] = useState<ChosenFile | null>(null)
  const [uploaded, setUploaded] = useState(false)

  if (!canEdit) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={t('new.title')} />
        <p className="text-sm text-gray-700">{t('new.members')}</p>
        <Link to="/imports/" className="text-sm text-brand-700 underline">
          {t('details.all_imports')}
        </Link>
      </div>
    )
  }

  const send = (mapping: ImportMapping) => {
    if (!chosen) return
    upload.mutate(
      { kind: chosen.kind, file: chosen.file, mapping },
      {
        onSuccess: (created) => {
          setUploaded(true)
          void navigate({
            to: '/imports/$importId/',
            params: { importId: created.id },
            ignoreBlocker: true,
          })
        },
      },
    )
  }

  const refused = upload.error ? uploadErrors(upload.error) : undefined

  return (
    <div className="flex flex-col gap-6">
      <Button asChild variant="ghost" size="sm" className="self-start">
        <Link to="/imports/">
          <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
          {t('details.all_imports')}
        </Link>
      </Button>
      <PageHeader
        title={t('new.title')}
        description={chosen ? t('new.mapping_description') : t('new.description')}
      />
      {/* A chosen file with its mapping is unsent work; leaving would lose it. */}
      <UnsavedChangesPrompt when={chosen !== null && !uploaded} />
      {chosen ? (
        <MappingStep
          key={`${chosen.kind}-${chosen.file.name}`}
          chosen={chosen}
          pending={upload.isPending}
          refused={refused}
          onBack={() => {
            upload.reset()
            setChosen(null)
          }}
          onSubmit={send}
        />
      ) : (
        <ChooseStep onChosen={setChosen} />
      )}
    </div>
  )
}

function ChooseStep({ onChosen }: { onChosen: (chosen: ChosenFile) => void }) {
  const { t } = useTranslation('imports')
  const [kind, setKind] = useState<ImportKind>('deals')
  const [file, setFile] = useState<File | null>(null)
  const [problem, setProblem] = useState<ImportMessage | null>(null)
  const [reading, setReading] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!file) {
      setProblem({ key: 'new.file_required' })
      return
    }
    if (file.size > MAX_BYTES) {
      setProblem({ key: 'errors.file_too_large' })
      return
    }
    setReading(true)
    try {
      const head = await readCsvHeader(file)
      if (!head.ok) {
        setProblem({ key: `errors.${head.problem}` })
        return
      }
      setProblem(null)
      onChosen({ kind, file, headers: head.headers })
    } catch {
      setProblem({ key: 'errors.unreadable' })
    } finally {
      setReading(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex max-w-2xl flex-col gap-6"
    >
      <RadioGroup
        label={t('new.kind')}
        value={kind}
        onValueChange={(next) => setKind(next as ImportKind)}
        options={IMPORT_KINDS.map((value) => ({
          value,
          label: t(`kind.${value}`),
          description: t(`kind_help.${value}`),
        }))}
      />
      <div className="flex flex-col gap-2">
        <label className="flex cursor-pointer flex-col items-center gap-2 rounded-md border-2 border-dashed border-gray-300 p-6 text-center text-sm hover:border-brand-600">
          <FileSpreadsheet aria-hidden="true" className="size-6 text-gray-500" />
          <span>{file ? file.name : t('new.drop')}</span>
          <span className="text-gray-600">{t('new.accepted', { max: MAX_MB })}</span>
          <input
            type="file"
            className="sr-only"
            aria-label={t('new.file')}
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null)
              setProblem(null)
            }}
          />
        </label>
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {t(problem.key, problem.values)}
          </p>
        ) : null}
      </div>
      <Button type="submit" className="self-start" disabled={reading}>
        <Upload aria-hidden="true" />
        {reading ? t('new.reading') : t('new.next')}
      </Button>
    </form>
  )
}
