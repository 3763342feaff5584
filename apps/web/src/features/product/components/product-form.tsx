import { PRODUCT_LIMITS } from '@dealcoach/contracts/limits'
import type { ProductProfile } from '@dealcoach/contracts/organisation'
import { deepEqual } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { ListEditor } from '@/components/ui/list-editor'
import { Textarea } from '@/components/ui/textarea'
import { notify } from '@/components/ui/toast'
import { useServerErrors } from '@/lib/use-server-errors'
import { useUpdateProduct } from '../api/update-product'

const {
  name: NAME_MAX,
  text: TEXT_MAX,
  listEntries: LIST_MAX,
  listEntry: ENTRY_MAX,
} = PRODUCT_LIMITS

type ListField = 'value_propositions' | 'differentiators' | 'competitors'

const LIST_SPEC = { maxLength: ENTRY_MAX, maxItems: LIST_MAX }
const FIELDS = {
  name: { maxLength: NAME_MAX },
  description: { maxLength: TEXT_MAX },
  ideal_customer_profile: { maxLength: TEXT_MAX },
  value_propositions: LIST_SPEC,
  differentiators: LIST_SPEC,
  competitors: LIST_SPEC,
}

const LIST_FIELDS: ListField[] = ['value_propositions', 'differentiators', 'competitors']

/** Whether an entry repeats an earlier one, compared as the server does (trimmed, any case). */
const hasRepeat = (values: readonly string[]) => {
  const keys = values.map((value) => value.trim().toLowerCase()).filter(Boolean)
  return new Set(keys).size < keys.length
}

/** What the organisation sells; the engine compares buyer evidence with it. Read-only for members. */
export function ProductForm({ product, canEdit }: { product: ProductProfile; canEdit: boolean }) {
  const { t } = useTranslation('configure')
  const update = useUpdateProduct()
  const [draft, setDraft] = useState(product)
  const [submitted, setSubmitted] = useState(false)
  const server = useServerErrors(update.error, FIELDS, { fallback: t('product.save_failed') })
  const set = <K extends keyof typeof FIELDS>(key: K, value: ProductProfile[K]) => {
    setDraft({ ...draft, [key]: value })
    server.clear(key)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    // The lists are at hand: a repeated entry is refused before asking the server.
    if (LIST_FIELDS.some((field) => hasRepeat(draft[field]))) return
    update.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved)
        notify.success(t('product.saved'))
      },
    })
  }

  const list = (field: ListField) => {
    const error =
      submitted && hasRepeat(draft[field])
        ? t('common:form_errors.list_entry_repeated')
        : server.fieldError(field)
    return (
      <div className="flex flex-col gap-1.5">
        <ListEditor
          label={t(`product.fields.${field}`)}
          itemLabel={t(`product.items.${field}`)}
          values={draft[field]}
          onChange={(values) => set(field, values)}
          maxItems={LIST_MAX}
          maxLength={ENTRY_MAX}
          disabled={!canEdit}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <form
      onSubmit={submit}
      className="flex max-w-3xl flex-col gap-6 rounded-xl border border-gray-200 bg-white p-4 sm:p-6"
    >
      <UnsavedChangesPrompt when={canEdit && !deepEqual(draft, product)} />
      {!canEdit ? <p className="text-sm text-gray-600">{t('product.read_only')}</p> : null}
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('product.fields.name')}
        error={server.fieldError('name')}
        currentLength={draft.name.length}
        maxLength={NAME_MAX}
      >
        <Input
          value={draft.name}
          maxLength={NAME_MAX}
          readOnly={!canEdit}
          onChange={(event) => set('name', event.target.value)}
        />
      </FormField>
      <FormField
        label={t('product.fields.description')}
        error={server.fieldError('description')}
        currentLength={draft.description.length}
        maxLength={TEXT_MAX}
      >
        <Textarea
          rows={4}
          value={draft.description}
          maxLength={TEXT_MAX}
          readOnly={!canEdit}
          onChange={(event) => set('description', event.target.value)}
        />
      </FormField>
      {list('value_propositions')}
      {list('differentiators')}
      <FormField
        label={t('product.fields.ideal_customer_profile')}
        error={server.fieldError('ideal_customer_profile')}
        currentLength={draft.ideal_customer_profile.length}
        maxLength={TEXT_MAX}
      >
        <Textarea
          rows={3}
          value={draft.ideal_customer_profile}
          maxLength={TEXT_MAX}
          readOnly={!canEdit}
          onChange={(event) => set('ideal_customer_profile', event.target.value)}
        />
      </FormField>
      {list('competitors')}
      {canEdit ? (
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('product.saving') : t('product.save')}
          </Button>
        </div>
      ) : null}
    </form>
  )
}
