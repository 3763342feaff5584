import { IMPORT_FIELDS, type ImportMapping } from '@dealcoach/contracts/imports'
import {
  IMPORT_REQUIRED_FIELDS,
  type ImportField,
  missingRequiredFields,
  recogniseColumns,
} from '@dealcoach/contracts/import-columns'
import { FileSpreadsheet } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { Select } from '@/components/ui/select'
import { formatList } from '@/lib/format-list'
import type { UploadErrors } from '../lib/import-errors'
import type { ChosenFile } from './new-import'

/** The select's value for "no column": Radix keeps the empty string for clearing the choice. */
const NOT_IMPORTED = '__none__'

/**
 * One select per field of the kind, offering the file's headers. The headers the server would
 * recognise (ours, HubSpot's, Salesforce's) are chosen already; required fields are marked, and
 * a kind's required field left without a column stops the upload before it starts.
 */
export function MappingStep({
  chosen,
  pending,
  refused,
  onBack,
  onSubmit,
}: {
  chosen: ChosenFile
  pending: boolean
  refused: UploadErrors | undefined
  onBack: () => void
  onSubmit: (mapping: ImportMapping) => void
}) {
  const { t, i18n } = useTranslation('imports')
  const { kind, headers, file } = chosen
  // A field set to "Not imported" is sent as null, so the server does not recognise it again.
  const [mapping, setMapping] = useState<ImportMapping>(() => recogniseColumns(kind, headers))
  const [tried, setTried] = useState(false)
  // A field the user chose again after the server refused it no longer shows that refusal.
  const [changed, setChanged] = useState<{ refused: UploadErrors | undefined; fields: string[] }>({
    refused,
    fields: [],
  })
  const changedFields = changed.refused === refused ? changed.fields : []
  const missing = missingRequiredFields(kind, mapping)
  const missingFields = new Set(missing.flat())
  const fields: readonly ImportField[] = IMPORT_FIELDS[kind]
  const options = [
    { value: NOT_IMPORTED, label: t('mapping.not_imported') },
    ...[...new Set(headers.filter(Boolean))].map((header) => ({ value: header, label: header })),
  ]
  const mustHave = new Set(
    IMPORT_REQUIRED_FIELDS[kind].filter((group) => group.length === 1).flat(),
  )
  const fieldName = (field: string) => t(`field.${field}`)
  const list = (names: readonly string[]) =>
    formatList(names.map(fieldName), i18n.language, 'disjunction')

  const choose = (field: string, header: string) => {
    setMapping((current) => {
      const next = { ...current }
      next[field] = header === NOT_IMPORTED ? null : header
      return next
    })
    setChanged({ refused, fields: [...changedFields, field] })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (missing.length > 0) return
    onSubmit(mapping)
  }

  const fieldError = (field: ImportField): string | undefined => {
    const server = refused?.fields[field]
    if (server && !changedFields.includes(field)) return t(server.key, server.values)
    if (tried && missingFields.has(field)) {
      const group = missing.find((oneOf) => oneOf.includes(field)) ?? [field]
      return group.length > 1
        ? t('mapping.required_one_of', { fields: list(group) })
        : t('mapping.required')
    }
    return undefined
  }

  const unplaced = refused
    ? Object.keys(refused.fields).filter((field) => !(fields as readonly string[]).includes(field))
    : []

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      <p className="flex items-center gap-2 text-sm text-gray-700">
        <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-gray-500" />
        {t('mapping.file', {
          name: file.name,
          kind: t(`kind.${kind}`),
          count: headers.length,
        })}
      </p>
      {refused?.form ? <FormAlert>{t(refused.form.key, refused.form.values)}</FormAlert> : null}
      {refused?.file ? <FormAlert>{t(refused.file.key, refused.file.values)}</FormAlert> : null}
      {unplaced.length > 0 ? <FormAlert>{t('errors.check_mapping')}</FormAlert> : null}
      {tried && missing.length > 0 ? (
        <FormAlert>
          {t('mapping.missing', { fields: missing.map((group) => list(group)).join('; ') })}
        </FormAlert>
      ) : null}
      <p className="text-sm text-gray-600">{t(`mapping.help.${kind}`)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => (
          <Select
            key={field}
            label={fieldName(field)}
            required={mustHave.has(field)}
            value={mapping[field] ?? NOT_IMPORTED}
            onValueChange={(header) => choose(field, header)}
            options={options}
            error={fieldError(field)}
          />
        ))}
      </div>
      {IMPORT_REQUIRED_FIELDS[kind]
        .filter((group) => group.length > 1)
        .map((group) => (
          <p key={group.join()} className="text-sm text-gray-600">
            {t('mapping.one_of', { fields: list(group) })}
          </p>
        ))}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onBack}>
          {t('mapping.back')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('mapping.uploading') : t('mapping.submit')}
        </Button>
      </div>
    </form>
  )
}
