import { ORGANISATION_NAME_MAX_LENGTH } from '@dealcoach/contracts/limits'
import type { Organisation } from '@dealcoach/contracts/organisation'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { notify } from '@/components/ui/toast'
import { useServerErrors } from '@/lib/use-server-errors'
import { organisationQueryOptions } from '../api/get-organisation'
import { useRenameOrganisation } from '../api/rename-organisation'

const FIELDS = { name: { minLength: 1, maxLength: ORGANISATION_NAME_MAX_LENGTH } }

/**
 * The workspace's name: admins rename it, members read it. `organisation` is the one the profile
 * names, so the section shows at once while the workspace itself is asked for.
 */
export function WorkspaceSection({
  organisation,
  canRename,
}: {
  organisation: Organisation
  canRename: boolean
}) {
  const { t } = useTranslation('settings')
  const headingId = useId()
  const workspace = useQuery({ ...organisationQueryOptions(), initialData: organisation })

  return (
    <section
      aria-labelledby={headingId}
      className="flex max-w-xl flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4"
    >
      <div>
        <h2 id={headingId} className="font-medium text-gray-900">
          {t('workspace.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('workspace.description')}</p>
      </div>
      {canRename ? (
        <WorkspaceNameForm saved={workspace.data.name} />
      ) : (
        <FormField label={t('workspace.name')} description={t('workspace.members_read_only')}>
          <Input value={workspace.data.name} readOnly dir="auto" />
        </FormField>
      )}
    </section>
  )
}

function WorkspaceNameForm({ saved }: { saved: string }) {
  const { t } = useTranslation('settings')
  const rename = useRenameOrganisation()
  const [name, setName] = useState(saved)
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(rename.error, FIELDS, { fallback: t('workspace.save_failed') })
  const nameError =
    submitted && !name.trim() ? t('workspace.name_required') : server.fieldError('name')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (!name.trim()) return
    rename.mutate(
      { name: name.trim() },
      {
        onSuccess: (organisation) =>
          notify.success(t('workspace.saved', { name: organisation.name })),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <UnsavedChangesPrompt when={name.trim() !== saved && !rename.isPending} />
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('workspace.name')}
        error={nameError}
        currentLength={name.length}
        maxLength={ORGANISATION_NAME_MAX_LENGTH}
      >
        <Input
          value={name}
          maxLength={ORGANISATION_NAME_MAX_LENGTH}
          autoComplete="organization"
          dir="auto"
          onChange={(event) => {
            setName(event.target.value)
            server.clear('name')
          }}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? t('workspace.saving') : t('workspace.save')}
        </Button>
      </div>
    </form>
  )
}
