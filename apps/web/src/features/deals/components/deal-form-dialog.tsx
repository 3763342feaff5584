import { DATE_MAX, DATE_MIN } from '@dealcoach/contracts/dates'
import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { deepEqual } from '@tanstack/react-router'
import { Plus, Trash2 } from 'lucide-react'
import { type FormEvent, type ReactElement, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { FormDialog } from '@/components/ui/form-dialog'
import { Select } from '@/components/ui/select'
import type { Deal, DealInput, DealStatus } from '@/entities/deal/api/types'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { useUsers } from '@/entities/user/api/list-users'
import { readAccessTokenClaims } from '@/lib/access-token'
import type { FieldSpecs } from '@/lib/form-errors'
import { useServerErrors } from '@/lib/use-server-errors'

const CURRENCIES = ['USD', 'EUR', 'GBP', 'CHF', 'AED', 'SAR', 'CAD', 'AUD', 'JPY']
const STATUSES: DealStatus[] = ['open', 'won', 'lost']

type Field =
  | 'pipeline'
  | 'stage'
  | 'owner'
  | 'name'
  | 'account_name'
  | 'amount'
  | 'currency'
  | 'close_date'
  | 'status'
  | 'contacts'

const FIELDS: FieldSpecs<Field> = {
  pipeline: { path: 'pipeline_id' },
  stage: { path: 'stage_id' },
  owner: { path: 'owner_id' },
  name: { maxLength: 200 },
  account_name: { maxLength: 200 },
  amount: {},
  currency: {},
  close_date: {},
  status: {},
  contacts: { path: 'contacts.*' },
}

interface ContactRow {
  key: string
  id?: string
  name: string
  email: string
  title: string
  /** Kept as the server has it: the form does not edit a contact's role. */
  role: string | null
}

export interface DealFormValues {
  pipelineId: string
  stageId: string
  ownerId: string
  name: string
  accountName: string
  amount: string
  currency: string
  closeDate: string
  status: DealStatus
  contacts: ContactRow[]
}

/** A row with nothing typed in it is no contact and is left out; one with anything typed needs a name. */
const isBlankContact = (row: ContactRow) =>
  row.name.trim() === '' && row.email.trim() === '' && row.title.trim() === ''
const lacksName = (row: ContactRow) => !isBlankContact(row) && row.name.trim() === ''

let rowCount = 0
const rowKey = () => `contact-${++rowCount}`

function initialValues(deal: Deal | undefined, pipelineId: string, pipelines: Pipeline[]) {
  const me = readAccessTokenClaims()?.sub ?? ''
  const pipeline = pipelines.find((candidate) => candidate.id === (deal?.pipeline_id ?? pipelineId))
  return {
    pipelineId: deal?.pipeline_id ?? pipelineId,
    stageId: deal?.stage_id ?? pipeline?.stages[0]?.stage_id ?? '',
    // A new deal is the signer's by default; an edited deal keeps its owner, none included, so that
    // saving it does not assign it to whoever opened the form.
    ownerId: deal ? (deal.owner_id ?? '') : me,
    name: deal?.name ?? '',
    accountName: deal?.account_name ?? '',
    amount: deal?.amount === null || deal?.amount === undefined ? '' : String(deal.amount),
    currency: deal?.currency ?? 'USD',
    closeDate: deal?.close_date ?? '',
    status: deal?.status ?? 'open',
    contacts: (deal?.contacts ?? []).map((contact) => ({
      key: rowKey(),
      id: contact.id,
      name: contact.name,
      email: contact.email ?? '',
      title: contact.title ?? '',
      role: contact.role,
    })),
  } satisfies DealFormValues
}

export function toDealInput(values: DealFormValues): DealInput {
  return {
    pipeline_id: values.pipelineId,
    stage_id: values.stageId,
    owner_id: values.ownerId || undefined,
    name: values.name.trim(),
    account_name: values.accountName.trim() || null,
    amount: values.amount.trim() === '' ? null : Number(values.amount),
    currency: values.currency,
    close_date: values.closeDate || null,
    status: values.status,
    contacts: values.contacts
      .filter((contact) => !isBlankContact(contact))
      .map((contact) => ({
        ...(contact.id ? { id: contact.id } : {}),
        name: contact.name.trim(),
        email: contact.email.trim() || null,
        title: contact.title.trim() || null,
        role: contact.role,
      })),
  }
}

export interface DealFormDialogProps {
  title: string
  trigger: ReactElement
  submitLabel: string
  deal?: Deal
  pipelineId: string
  pending: boolean
  error: Error | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (input: DealInput) => void
}

/** The deal's fields, for creating one and for editing one. */
export function DealFormDialog(props: DealFormDialogProps) {
  const { t } = useTranslation('deals')
  return (
    <FormDialog
      title={props.title}
      open={props.open}
      onOpenChange={props.onOpenChange}
      variant="wide"
      trigger={props.trigger}
      submit={{ label: props.submitLabel, pendingLabel: t('form.saving'), pending: props.pending }}
      onCancel={() => props.onOpenChange(false)}
    >
      {(formId) => <DealForm id={formId} {...props} />}
    </FormDialog>
  )
}

/** The dialog's body; it unmounts when the dialog closes, so each opening starts afresh. */
function DealForm({ id, deal, pipelineId, error, onSubmit }: DealFormDialogProps & { id: string }) {
  const { t } = useTranslation('deals')
  const pipelines = (usePipelines().data?.models ?? []).filter((pipeline) => pipeline.active)
  const users = useUsers().data?.models ?? []
  const claims = readAccessTokenClaims()
  const isAdmin = claims?.role === 'admin'
  const [initial] = useState(() => initialValues(deal, pipelineId, pipelines))
  const [values, setValues] = useState<DealFormValues>(initial)
  const [nameMissing, setNameMissing] = useState(false)
  const [contactNamesChecked, setContactNamesChecked] = useState(false)
  const server = useServerErrors(error, FIELDS, { fallback: t('form.failed') })

  const change = <K extends keyof DealFormValues>(
    key: K,
    field: Field,
    value: DealFormValues[K],
  ) => {
    server.clear(field)
    setValues((current) => ({ ...current, [key]: value }))
  }
  const pipeline = pipelines.find((candidate) => candidate.id === values.pipelineId)
  const firstStageId = pipeline?.stages[0]?.stage_id ?? ''
  const changePipeline = (next: string) => {
    const stages = pipelines.find((candidate) => candidate.id === next)?.stages ?? []
    server.clear('pipeline')
    setValues((current) => ({ ...current, pipelineId: next, stageId: stages[0]?.stage_id ?? '' }))
  }
  const changeContact = (key: string, patch: Partial<ContactRow>) => {
    server.clear('contacts')
    setValues((current) => ({
      ...current,
      contacts: current.contacts.map((row) => (row.key === key ? { ...row, ...patch } : row)),
    }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const dealNameMissing = values.name.trim() === ''
    const contactNameMissing = values.contacts.some(lacksName)
    setNameMissing(dealNameMissing)
    setContactNamesChecked(contactNameMissing)
    if (dealNameMissing || contactNameMissing) return
    // The pipelines may have arrived after the form opened: the stage then defaults to the first.
    onSubmit(toDealInput({ ...values, stageId: values.stageId || firstStageId }))
  }

  const me = users.find((user) => user.id === claims?.sub)
  const myName = me
    ? `${me.first_name} ${me.last_name}`
    : `${claims?.first_name ?? ''} ${claims?.last_name ?? ''}`.trim()

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-4 p-0.5">
      <UnsavedChangesPrompt when={!deepEqual(values, initial)} />
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('form.name')}
        error={
          nameMissing && values.name.trim() === ''
            ? t('form.name_required')
            : server.fieldError('name')
        }
      >
        <Input
          value={values.name}
          maxLength={200}
          onChange={(event) => change('name', 'name', event.target.value)}
        />
      </FormField>
      <FormField
        label={t('form.account_name')}
        description={t('form.account_name_hint')}
        error={server.fieldError('account_name')}
      >
        <Input
          value={values.accountName}
          maxLength={200}
          autoComplete="organization"
          onChange={(event) => change('accountName', 'account_name', event.target.value)}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('form.pipeline')}
          value={values.pipelineId}
          onValueChange={changePipeline}
          options={pipelines.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          error={server.fieldError('pipeline')}
        />
        <Select
          label={t('form.stage')}
          value={values.stageId || firstStageId}
          onValueChange={(next) => change('stageId', 'stage', next)}
          options={(pipeline?.stages ?? []).map((stage) => ({
            value: stage.stage_id,
            label: stage.name,
          }))}
          error={server.fieldError('stage')}
        />
        {isAdmin ? (
          <Select
            label={t('form.owner')}
            value={values.ownerId}
            placeholder={t('board.no_owner')}
            onValueChange={(next) => change('ownerId', 'owner', next)}
            options={users.map((user) => ({
              value: user.id,
              label: `${user.first_name} ${user.last_name}`,
            }))}
            error={server.fieldError('owner')}
          />
        ) : (
          // A member's deals are their own: the owner is shown, not chosen.
          <FormField
            label={t('form.owner')}
            description={t('form.owner_member')}
            error={server.fieldError('owner')}
          >
            <Input value={myName} readOnly />
          </FormField>
        )}
        <Select
          label={t('form.status')}
          value={values.status}
          onValueChange={(next) => change('status', 'status', next as DealStatus)}
          options={STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          error={server.fieldError('status')}
        />
        <FormField label={t('form.amount')} error={server.fieldError('amount')}>
          <Input
            type="number"
            min={0}
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => change('amount', 'amount', event.target.value)}
          />
        </FormField>
        <Select
          label={t('form.currency')}
          value={values.currency}
          onValueChange={(next) => change('currency', 'currency', next)}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          error={server.fieldError('currency')}
        />
        <FormField label={t('form.close_date')} error={server.fieldError('close_date')}>
          <Input
            type="date"
            min={DATE_MIN}
            max={DATE_MAX}
            value={values.closeDate}
            onChange={(event) => change('closeDate', 'close_date', event.target.value)}
          />
        </FormField>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('form.contacts')}</legend>
        {values.contacts.map((row, index) => (
          <div key={row.key} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
            <FormField
              label={t('form.contact_name', { number: index + 1 })}
              error={contactNamesChecked && lacksName(row) ? t('upload.required') : undefined}
            >
              <Input
                value={row.name}
                onChange={(event) => changeContact(row.key, { name: event.target.value })}
              />
            </FormField>
            <FormField label={t('form.contact_email', { number: index + 1 })}>
              <Input
                type="email"
                value={row.email}
                onChange={(event) => changeContact(row.key, { email: event.target.value })}
              />
            </FormField>
            <FormField label={t('form.contact_title', { number: index + 1 })}>
              <Input
                value={row.title}
                onChange={(event) => changeContact(row.key, { title: event.target.value })}
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              aria-label={t('form.remove_contact', { number: index + 1 })}
              onClick={() =>
                setValues((current) => ({
                  ...current,
                  contacts: current.contacts.filter((candidate) => candidate.key !== row.key),
                }))
              }
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        {server.fieldError('contacts') ? (
          <p className="text-sm text-red-700">{server.fieldError('contacts')}</p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          className="self-start"
          onClick={() =>
            setValues((current) => ({
              ...current,
              contacts: [
                ...current.contacts,
                { key: rowKey(), name: '', email: '', title: '', role: null },
              ],
            }))
          }
        >
          <Plus aria-hidden="true" />
          {t('form.add_contact')}
        </Button>
      </fieldset>
    </form>
  )
}
