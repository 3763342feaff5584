import { OBJECTION_TYPE_LIMITS } from '@dealcoach/contracts/limits'
import type { ObjectionType } from '@dealcoach/contracts/objections'
import { deepEqual, Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ListEditor } from '@/components/ui/list-editor'
import { Switch } from '@/components/ui/switch'
import { Textarea } from '@/components/ui/textarea'
import { notify } from '@/components/ui/toast'
import { useServerErrors } from '@/lib/use-server-errors'
import { useCreateObjectionType } from '../api/create-objection-type'
import { useUpdateObjectionType } from '../api/update-objection-type'
import {
  buildCreatePayload,
  buildUpdatePayload,
  draftOf,
  emptyObjectionTypeDraft,
  type ObjectionTypeDraft,
  type ObjectionTypeDraftErrors,
  validateObjectionTypeDraft,
} from '../utils/objection-type-payload'

const {
  name: NAME_MAX,
  description: DESCRIPTION_MAX,
  examples: EXAMPLES_MAX,
  example: EXAMPLE_MAX,
} = OBJECTION_TYPE_LIMITS

const FIELDS = {
  name: { maxLength: NAME_MAX },
  description: { maxLength: DESCRIPTION_MAX },
  examples: { maxLength: EXAMPLE_MAX, maxItems: EXAMPLES_MAX },
  active: {},
}

interface ObjectionTypeFormProps {
  /** The type being edited; without it the form creates a new one. */
  objectionType?: ObjectionType
  canEdit: boolean
}

/**
 * Name, description, examples and active flag of an objection type. Creating sends every field
 * with a new id; saving sends only what is filled in (spec §5). Read-only for members.
 */
export function ObjectionTypeForm({ objectionType, canEdit }: ObjectionTypeFormProps) {
  const { t } = useTranslation('objection-types')
  const navigate = useNavigate()
  const create = useCreateObjectionType()
  const update = useUpdateObjectionType()
  const activeId = useId()
  const editing = objectionType !== undefined
  const [draft, setDraft] = useState<ObjectionTypeDraft>(() =>
    objectionType ? draftOf(objectionType) : emptyObjectionTypeDraft(),
  )
  const [submitted, setSubmitted] = useState(false)
  // What the form opened with: edits away from it are unsaved.
  const [baseline] = useState(draft)
  const mutation = editing ? update : create
  const server = useServerErrors(mutation.error, FIELDS, {
    fallback: editing ? t('form.save_failed') : t('form.create_failed'),
  })
  const set = <K extends keyof ObjectionTypeDraft>(key: K, value: ObjectionTypeDraft[K]) => {
    setDraft((previous) => ({ ...previous, [key]: value }))
    server.clear(key)
  }

  const errors: ObjectionTypeDraftErrors = submitted ? validateObjectionTypeDraft(draft) : {}
  const pending = mutation.isPending

  const done = (message: string) => {
    notify.success(message)
    void navigate({ to: '/configure/objections/', search: true, ignoreBlocker: true })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    const problems = validateObjectionTypeDraft(draft)
    if (Object.keys(problems).length > 0) {
      // The first field in error takes the focus, so its message is read out.
      const form = event.currentTarget as HTMLFormElement
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    if (objectionType) {
      update.mutate(
        { id: objectionType.id, body: buildUpdatePayload(draft) },
        { onSuccess: (saved) => done(t('form.saved', { name: saved.name })) },
      )
    } else {
      create.mutate(buildCreatePayload(draft), {
        onSuccess: (created) => done(t('form.created', { name: created.name })),
      })
    }
  }

  const errorText = (error: ObjectionTypeDraftErrors[keyof ObjectionTypeDraftErrors]) => {
    if (error === 'name_required') return t('form.errors.name_required')
    if (error === 'name_too_long') return t('form.errors.too_long', { max: NAME_MAX })
    if (error === 'description_too_long') return t('form.errors.too_long', { max: DESCRIPTION_MAX })
    return undefined
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-3xl flex-col gap-6 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
    >
      <UnsavedChangesPrompt when={canEdit && !deepEqual(draft, baseline)} />
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('form.name')}
        error={errorText(errors.name) ?? server.fieldError('name')}
        currentLength={draft.name.length}
        maxLength={NAME_MAX}
      >
        <Input
          value={draft.name}
          dir="auto"
          maxLength={NAME_MAX}
          autoComplete="off"
          required
          readOnly={!canEdit}
          placeholder={canEdit ? t('form.name_placeholder') : undefined}
          onChange={(event) => set('name', event.target.value)}
        />
      </FormField>
      <FormField
        label={t('form.description')}
        error={errorText(errors.description) ?? server.fieldError('description')}
        description={
          canEdit ? (editing ? t('form.description_keep') : t('form.description_hint')) : undefined
        }
        currentLength={draft.description.length}
        maxLength={DESCRIPTION_MAX}
      >
        <Textarea
          rows={3}
          value={draft.description}
          dir="auto"
          maxLength={DESCRIPTION_MAX}
          readOnly={!canEdit}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormField>
      <div className="flex flex-col gap-1.5">
        <ListEditor
          label={t('form.examples')}
          itemLabel={t('form.example_item')}
          values={draft.examples}
          onChange={(examples) => set('examples', examples)}
          maxItems={EXAMPLES_MAX}
          maxLength={EXAMPLE_MAX}
          placeholder={canEdit ? t('form.example_placeholder') : undefined}
          disabled={!canEdit}
        />
        {server.fieldError('examples') ? (
          <p role="alert" className="text-sm text-red-700">
            {server.fieldError('examples')}
          </p>
        ) : null}
        {canEdit ? (
          <p className="text-sm text-gray-600">
            {editing ? t('form.examples_keep') : t('form.examples_hint')}
          </p>
        ) : null}
      </div>
      <div className="flex items-start gap-3">
        <Switch
          id={activeId}
          checked={draft.active}
          disabled={!canEdit}
          aria-describedby={`${activeId}-hint`}
          onCheckedChange={(active) => set('active', active)}
          className="mt-0.5"
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={activeId} className="text-sm font-medium text-gray-900">
            {t('form.active')}
          </label>
          <p id={`${activeId}-hint`} className="text-sm text-gray-600">
            {t('form.active_hint')}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {editing
              ? pending
                ? t('form.saving')
                : t('form.save')
              : pending
                ? t('form.creating')
                : t('form.create')}
          </Button>
        ) : null}
        <Button asChild variant={canEdit ? 'outline' : 'default'}>
          <Link to="/configure/objections/" search={true} activeOptions={{ exact: true }}>
            {canEdit ? t('cancel') : t('all_types')}
          </Link>
        </Button>
      </div>
    </form>
  )
}
