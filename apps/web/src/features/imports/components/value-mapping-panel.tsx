import {
  IMPORT_VALUE_FIELDS,
  type ImportBody,
  type ImportValueField,
  type ImportValueMapping,
} from '@dealcoach/contracts/imports'
import { RefreshCw } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { useUsers } from '@/entities/user/api/list-users'
import { useMapImportValues } from '../api/imports-api'
import { valueMappingErrors } from '../lib/import-errors'

/** The select's value for "leave it unmatched": Radix keeps the empty string for clearing. */
const UNMATCHED = '__none__'

type Draft = Record<ImportValueField, Record<string, string>>

const draftOf = (values: ImportValueMapping): Draft => ({
  stage: { ...values.stage },
  owner: { ...values.owner },
})

/** The draft as the server takes it: a field with nothing mapped is left out. */
function toValueMapping(draft: Draft): ImportValueMapping {
  const values: ImportValueMapping = {}
  for (const field of IMPORT_VALUE_FIELDS) {
    if (Object.keys(draft[field]).length > 0) values[field] = draft[field]
  }
  return values
}

const sameMapping = (a: Draft, b: Draft) =>
  IMPORT_VALUE_FIELDS.every((field) => {
    const left = Object.entries(a[field])
    return (
      left.length === Object.keys(b[field]).length &&
      left.every(([value, id]) => b[field][value] === id)
    )
  })

/** Whether a validated deals import has values to map, or values mapped to change. */
export function hasValuesToMap(found: ImportBody): boolean {
  return (
    found.kind === 'deals' &&
    IMPORT_VALUE_FIELDS.some(
      (field) =>
        found.unmatched_values[field].length > 0 ||
        Object.keys(found.value_mapping[field] ?? {}).length > 0,
    )
  )
}

/**
 * The dry run's stage names and owners that matched nothing, each with a choice of the stage or
 * user it means (issue 16: stage names mapped to the pipeline's stages, owners to users). Saving
 * dry-runs the file again, so the counts and the report show what the choices do.
 */
export function ValueMappingPanel({
  found,
  onDirtyChange,
}: {
  found: ImportBody
  /** Told when the choices differ from the mapping the dry run used, so the commit can wait. */
  onDirtyChange: (dirty: boolean) => void
}) {
  const { t } = useTranslation('imports')
  const pipelines = usePipelines()
  const users = useUsers()
  const map = useMapImportValues(found.id)
  const saved = draftOf(found.value_mapping)
  const [draft, setDraft] = useState<Draft>(saved)
  const dirty = !sameMapping(draft, saved)
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange])
  const refused = map.error ? valueMappingErrors(map.error) : undefined

  if (pipelines.isPending || users.isPending) return <PanelSkeleton />
  if (pipelines.isError || users.isError) {
    return (
      <LoadError
        onRetry={() => {
          void pipelines.refetch()
          void users.refetch()
        }}
      >
        {t('values.load_failed')}
      </LoadError>
    )
  }

  const options: Record<ImportValueField, { value: string; label: string }[]> = {
    stage: [
      { value: UNMATCHED, label: t('values.stage_unmatched') },
      ...pipelines.data.models.flatMap((pipeline) =>
        pipeline.stages.map((stage) => ({
          value: stage.stage_id,
          label: t('values.stage_option', { pipeline: pipeline.name, stage: stage.name }),
        })),
      ),
    ],
    owner: [
      { value: UNMATCHED, label: t('values.owner_unmatched') },
      ...users.data.models.map((user) => ({
        value: user.id,
        label: t('values.owner_option', {
          name: `${user.first_name} ${user.last_name}`,
          email: user.email,
        }),
      })),
    ],
  }

  const choose = (field: ImportValueField, value: string, id: string) => {
    setDraft((current) => {
      const next = { ...current[field] }
      if (id === UNMATCHED) delete next[value]
      else next[value] = id
      return { ...current, [field]: next }
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    map.mutate(toValueMapping(draft))
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="import-values"
      className="flex flex-col gap-4 rounded-lg border border-amber-200 bg-amber-50/40 p-4"
    >
      <UnsavedChangesPrompt when={dirty && !map.isPending} />
      <div className="flex flex-col gap-1">
        <h2 id="import-values" className="text-base font-semibold text-gray-900">
          {t('values.title')}
        </h2>
        <p className="text-sm text-gray-700">{t('values.help')}</p>
      </div>
      {refused?.form ? <FormAlert>{t(refused.form.key, refused.form.values)}</FormAlert> : null}
      {IMPORT_VALUE_FIELDS.map((field) => (
        <ValueRows
          key={field}
          field={field}
          found={found}
          draft={draft}
          options={options[field]}
          errors={refused?.values[field] ?? {}}
          onChoose={choose}
        />
      ))}
      <div className="flex justify-end">
        <Button type="submit" variant="outline" disabled={!dirty || map.isPending}>
          <RefreshCw aria-hidden="true" />
          {map.isPending ? t('values.pending') : t('values.submit')}
        </Button>
      </div>
    </form>
  )
}

/** One field's values: those the dry run could not match, then those mapped already. */
function ValueRows({
  field,
  found,
  draft,
  options,
  errors,
  onChoose,
}: {
  field: ImportValueField
  found: ImportBody
  draft: Draft
  options: { value: string; label: string }[]
  errors: Record<string, { key: string; values?: Record<string, string | number> }>
  onChoose: (field: ImportValueField, value: string, id: string) => void
}) {
  const { t, i18n } = useTranslation('imports')
  const rowsOf = new Map(found.unmatched_values[field].map((entry) => [entry.value, entry.rows]))
  const values = [
    ...rowsOf.keys(),
    ...Object.keys(found.value_mapping[field] ?? {}).filter((value) => !rowsOf.has(value)),
  ]
  if (values.length === 0) return null
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium text-gray-900">
        {t(`values.legend.${field}`)}
      </legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {values.map((value) => {
          const rows = rowsOf.get(value)
          const error = errors[value]
          return (
            <Select
              key={value}
              label={
                rows === undefined
                  ? t('values.mapped_label', { value })
                  : t('values.value_label', {
                      value,
                      count: rows,
                      rows: rows.toLocaleString(i18n.language),
                    })
              }
              value={draft[field][value] ?? UNMATCHED}
              onValueChange={(id) => onChoose(field, value, id)}
              options={options}
              error={error ? t(error.key, error.values) : undefined}
            />
          )
        })}
      </div>
    </fieldset>
  )
}

function PanelSkeleton() {
  const { t } = useTranslation('imports')
  return (
    <div role="status" className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4">
      <span className="sr-only">{t('values.loading')}</span>
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-4 w-full max-w-md" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  )
}
