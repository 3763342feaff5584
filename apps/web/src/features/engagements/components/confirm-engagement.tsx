import { DATE_MIN } from '@dealcoach/contracts/dates'
import { Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { RadioGroup } from '@/components/ui/radio-group'
import type { EngagementDetails, SpeakerRoles } from '@/entities/deal/api/engagements-api'
import type { EngagementPreview, SpeakerRole } from '@/entities/deal/api/types'
import { parseLocalDateTime, toLocalDateTime } from '@/lib/dates/iso-date'
import { NAME_MAX_LENGTH, type UploadField } from './upload-errors'

/** The same content is already on the deal; the earlier upload when it is known. */
export interface Duplicate {
  earlier?: { id: string; name: string }
}

/**
 * The second step: the title and time the call or e-mail is filed under, and who sold and who
 * bought. Only what the user changed is sent; the server keeps its own reading of the rest.
 */
export function ConfirmEngagement({
  dealId,
  preview,
  named,
  needsRoles,
  errors,
  duplicate,
  pending,
  onEdit,
  onBack,
  onConfirm,
  onShowEarlier,
}: {
  dealId: string
  preview: EngagementPreview
  /** Whether the title can be set (a typed e-mail's title is its subject). */
  named: boolean
  needsRoles: boolean
  errors: Partial<Record<UploadField, string>>
  duplicate: Duplicate | null
  pending: boolean
  onEdit: (field: UploadField) => void
  onBack: () => void
  onConfirm: (details: EngagementDetails) => void
  onShowEarlier: () => void
}) {
  const { t } = useTranslation('deals')
  const [name, setName] = useState(preview.name)
  const proposedTime = toLocalDateTime(preview.occurred_at)
  const [time, setTime] = useState(proposedTime)
  const [roles, setRoles] = useState<Record<string, SpeakerRole>>(() =>
    Object.fromEntries(preview.speakers.map((speaker) => [speaker.speaker, speaker.proposed_role])),
  )
  const [tried, setTried] = useState(false)
  // Buyers who are not yet the deal's contacts, ticked to become ones (none at first).
  const [newContacts, setNewContacts] = useState<ReadonlySet<string>>(new Set())
  const canAdd = (speaker: EngagementPreview['speakers'][number]) =>
    speaker.matched === null && roles[speaker.speaker] === 'buyer'
  const undecided = preview.speakers.filter((speaker) => roles[speaker.speaker] === 'unknown')
  const occurredAt = parseLocalDateTime(time)
  const latest = toLocalDateTime(new Date())

  const nameError = tried && named && !name.trim() ? t('upload.required') : errors.name
  const timeError =
    (tried && !occurredAt
      ? t('upload.occurred_at_invalid')
      : tried && time > latest
        ? t('upload.occurred_at_future')
        : undefined) ?? errors.occurred_at

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (needsRoles && undecided.length > 0) return
    if ((named && !name.trim()) || !occurredAt || time > latest) return
    const addContacts = needsRoles
      ? preview.speakers
          .filter((speaker) => canAdd(speaker) && newContacts.has(speaker.speaker))
          .map((speaker) => speaker.speaker)
      : []
    onConfirm({
      roles: needsRoles ? (roles as SpeakerRoles) : undefined,
      addContacts: addContacts.length > 0 ? addContacts : undefined,
      name: named && name.trim() !== preview.name ? name.trim() : undefined,
      occurredAt: time === proposedTime ? undefined : occurredAt.toISOString(),
    })
  }

  // The server refuses the same content twice: going back to choose another is the way on.
  if (duplicate) {
    return (
      <div className="flex flex-col gap-4">
        <DuplicateNotice dealId={dealId} duplicate={duplicate} onShowEarlier={onShowEarlier} />
        <Button type="button" variant="outline" className="self-end" onClick={onBack}>
          {t('upload.back')}
        </Button>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        {named ? (
          <FormField
            label={t('upload.name')}
            error={nameError}
            currentLength={name.length}
            maxLength={NAME_MAX_LENGTH}
          >
            <Input
              value={name}
              maxLength={NAME_MAX_LENGTH}
              onChange={(event) => {
                setName(event.target.value)
                onEdit('name')
              }}
            />
          </FormField>
        ) : (
          <p dir="auto" className="self-end font-medium break-words">
            {preview.name}
          </p>
        )}
        <FormField label={t('upload.occurred_at')} error={timeError}>
          <Input
            type="datetime-local"
            min={`${DATE_MIN}T00:00`}
            value={time}
            max={latest}
            onChange={(event) => {
              setTime(event.target.value)
              onEdit('occurred_at')
            }}
          />
        </FormField>
      </div>
      {needsRoles ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm text-gray-700">{t('upload.roles_help')}</legend>
          {errors.roles ? <p className="text-sm text-red-700">{errors.roles}</p> : null}
          <ul className="flex flex-col gap-4">
            {preview.speakers.map((speaker) => (
              <li key={speaker.speaker} className="rounded-md border border-gray-200 p-3">
                <RadioGroup
                  label={t('upload.speaker', { name: speaker.speaker })}
                  value={roles[speaker.speaker] === 'unknown' ? '' : roles[speaker.speaker]}
                  onValueChange={(next) => {
                    setRoles((current) => ({ ...current, [speaker.speaker]: next as SpeakerRole }))
                    onEdit('roles')
                  }}
                  className="grid-cols-2"
                  options={[
                    { value: 'seller', label: t('upload.seller') },
                    { value: 'buyer', label: t('upload.buyer') },
                  ]}
                />
                <p dir="auto" className="mt-2 text-sm text-gray-600 italic">
                  “{speaker.sample}”
                </p>
                {tried && roles[speaker.speaker] === 'unknown' ? (
                  <p className="mt-1 text-sm text-red-700">{t('upload.role_required')}</p>
                ) : null}
                {canAdd(speaker) ? (
                  <label className="mt-2 flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-gray-900"
                      checked={newContacts.has(speaker.speaker)}
                      onChange={(event) => {
                        const { checked } = event.target
                        setNewContacts((current) => {
                          const next = new Set(current)
                          if (checked) next.add(speaker.speaker)
                          else next.delete(speaker.speaker)
                          return next
                        })
                      }}
                    />
                    <span>{t('upload.add_contact', { name: speaker.speaker })}</span>
                  </label>
                ) : null}
              </li>
            ))}
          </ul>
        </fieldset>
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

function DuplicateNotice({
  dealId,
  duplicate,
  onShowEarlier,
}: {
  dealId: string
  duplicate: Duplicate
  onShowEarlier: () => void
}) {
  const { t } = useTranslation('deals')
  const { earlier } = duplicate
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        {earlier
          ? t('upload.duplicate_warning', { name: earlier.name })
          : t('upload.errors.duplicate')}{' '}
        {t('upload.duplicate_hint')}
      </p>
      {earlier ? (
        <Link
          to="/deals/$dealId/"
          params={{ dealId }}
          search={{ tab: 'activity' }}
          hash={`engagement-${earlier.id}`}
          // Leaving for the earlier upload closes the dialog; nothing typed here is worth a prompt.
          ignoreBlocker
          onClick={onShowEarlier}
          className="mt-1 inline-block font-medium underline"
        >
          {t('upload.errors.show_earlier')}
        </Link>
      ) : null}
    </div>
  )
}
