import type { ObjectionType } from '@dealcoach/contracts/objections'
import type { SalesFramework, SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { useQuery } from '@tanstack/react-query'
import { Check, Layers } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/ui/form-alert'
import { LoadError } from '@/components/ui/load-error'
import { FormDialog } from '@/components/ui/form-dialog'
import { RadioGroup } from '@/components/ui/radio-group'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useAddFrameworkObjectionTypes } from '../api/add-framework-objection-types'
import { allObjectionTypesQueryOptions } from '../api/list-objection-types'
import { useSalesFrameworkText } from '@/entities/sales-framework/lib/sales-framework-text'
import { useSalesFrameworks } from '@/entities/sales-framework/api/list-sales-frameworks'

export interface AddFrameworkObjectionTypesButtonProps {
  /** The framework chosen when the dialog opens; without it the user picks one. */
  framework?: SalesFrameworkKey
  variant?: 'default' | 'outline' | 'secondary' | 'ghost' | 'action'
  size?: 'default' | 'sm'
  /** The button's text, when the default "Add types from a framework" is not specific enough. */
  label?: string
  /**
   * The button's text once the organisation has every type of `framework`: the button then says
   * so (it still opens the dialog, which marks the types already there).
   */
  addedLabel?: string
  /** Called with how many types were added, after the toast. */
  onAdded?: (count: number) => void
}

const nameKey = (name: string) => name.trim().toLowerCase()

/** The names (as compared) of the organisation's types, or undefined while they load. */
function useTypeNames(enabled = true): Set<string> | undefined {
  const types = useQuery({ ...allObjectionTypesQueryOptions(), enabled })
  const models: ObjectionType[] | undefined = types.data?.models
  return models
    ? new Set(models.filter((type) => !type.deleted).map((type) => nameKey(type.name)))
    : undefined
}

/** Whether the organisation has every objection type of `key`; undefined until both are known. */
function useHasEveryType(key: SalesFrameworkKey | undefined): boolean | undefined {
  const frameworks = useSalesFrameworks()
  const names = useTypeNames(key !== undefined)
  const framework = frameworks.data?.models.find((candidate) => candidate.key === key)
  if (!framework || !names) return undefined
  return framework.objection_types.every((type) => names.has(nameKey(type.name)))
}

/**
 * "Add types from a framework": a dialog to choose a sales framework, showing the objection types
 * it brings; the server adds those the organisation does not have yet. Admins only.
 */
export function AddFrameworkObjectionTypesButton({
  framework,
  variant = 'outline',
  size = 'default',
  label,
  addedLabel,
  onAdded,
}: AddFrameworkObjectionTypesButtonProps) {
  const { t } = useTranslation('objection-types')
  const errorText = useServerErrorText()
  const add = useAddFrameworkObjectionTypes()
  const [open, setOpen] = useState(false)
  // The server also merges near-same names ("Price" into "Price / budget"), which the name check
  // cannot see: a framework added in this visit counts as added whatever the names say.
  const [addedNow, setAddedNow] = useState(false)
  const hasEveryType = useHasEveryType(addedLabel ? framework : undefined) === true
  const added = addedLabel !== undefined && (addedNow || hasEveryType)
  // The names the team has before adding (the preview marks the same ones "Already added").
  const names = useTypeNames(open)

  const changeOpen = (next: boolean) => {
    if (!next) add.reset()
    setOpen(next)
  }

  const submit = (chosen: SalesFramework) =>
    add.mutate(
      { framework: chosen.key },
      {
        onSuccess: ({ models, merged }) => {
          // "Our own framework" is no name to put in a sentence ("…added from Our own framework").
          const name = chosen.key === 'custom' ? t('framework.own_framework') : chosen.name
          // The framework's types the team had by name. Not the framework's count less the
          // created and merged ones: several alike types merge into one, and one alike type that
          // brings no new example is in neither list.
          const had = chosen.objection_types.filter((type) => names?.has(nameKey(type.name))).length
          const parts =
            models.length > 0
              ? [
                  t('framework.added', { count: models.length, name }),
                  ...(merged.length > 0 ? [t('framework.merged', { count: merged.length })] : []),
                  ...(had > 0 ? [t('framework.already_had', { count: had })] : []),
                ]
              : [t('framework.none_added', { name })]
          notify.success(parts.join(' '))
          changeOpen(false)
          if (chosen.key === framework) setAddedNow(true)
          onAdded?.(models.length)
        },
      },
    )

  return (
    <FormDialog
      variant="wide"
      title={t('framework.title')}
      description={t('framework.description')}
      open={open}
      onOpenChange={changeOpen}
      trigger={
        added ? (
          <Button type="button" variant={variant} size={size} data-state="added">
            <Check aria-hidden="true" className="text-green-700" />
            {addedLabel}
          </Button>
        ) : (
          <Button type="button" variant={variant} size={size}>
            <Layers aria-hidden="true" />
            {label ?? t('framework.open')}
          </Button>
        )
      }
      submit={{
        label: t('framework.submit'),
        pendingLabel: t('framework.adding'),
        pending: add.isPending,
      }}
      onCancel={() => changeOpen(false)}
    >
      {(formId) => (
        <FrameworkChoice
          id={formId}
          defaultFramework={framework}
          error={add.isError ? errorText(add.error, {}, t('framework.failed')) : undefined}
          onSubmit={submit}
        />
      )}
    </FormDialog>
  )
}

/** The dialog's body; it unmounts when the dialog closes, so each opening starts afresh. */
function FrameworkChoice({
  id,
  defaultFramework,
  error,
  onSubmit,
}: {
  id: string
  defaultFramework: SalesFrameworkKey | undefined
  error: string | undefined
  onSubmit: (framework: SalesFramework) => void
}) {
  const { t } = useTranslation('objection-types')
  const { nameOf, descriptionOf } = useSalesFrameworkText()
  const frameworks = useSalesFrameworks()
  const [chosenKey, setChosenKey] = useState<string | undefined>(defaultFramework)
  const [submitted, setSubmitted] = useState(false)
  const models = frameworks.data?.models ?? []
  const chosen = models.find((candidate) => candidate.key === chosenKey)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (chosen) onSubmit(chosen)
  }

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-5 p-0.5">
      {error ? <FormAlert>{error}</FormAlert> : null}
      {submitted && !chosen && frameworks.isSuccess ? (
        <FormAlert>{t('framework.choose')}</FormAlert>
      ) : null}
      {frameworks.isPending ? (
        <div role="status" className="flex flex-col gap-3">
          <span className="sr-only">{t('framework.loading')}</span>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : frameworks.isError ? (
        <LoadError onRetry={() => void frameworks.refetch()}>
          {t('framework.load_failed')}
        </LoadError>
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          <RadioGroup
            label={t('framework.label')}
            value={chosenKey ?? ''}
            onValueChange={setChosenKey}
            options={models.map((candidate) => ({
              value: candidate.key,
              // A name kept as written (MEDDIC): isolated, so an Arabic page keeps its punctuation.
              label: <bdi>{nameOf(candidate)}</bdi>,
              description: (
                <>
                  <span dir="auto" className="block">
                    {descriptionOf(candidate)}
                  </span>
                  <span className="mt-0.5 block text-xs text-gray-600">
                    {t('framework.type_count', { count: candidate.objection_types.length })}
                  </span>
                </>
              ),
            }))}
          />
          <FrameworkPreview framework={chosen} />
        </div>
      )}
    </form>
  )
}

/** The objection types the chosen framework brings, with their descriptions. */
function FrameworkPreview({ framework }: { framework: SalesFramework | undefined }) {
  const { t } = useTranslation('objection-types')
  const headingId = useId()
  const names = useTypeNames()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 self-start rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {framework
          ? t('framework.preview_title', { name: framework.name })
          : t('framework.preview_empty_title')}
      </h3>
      {framework ? (
        <ul className="flex flex-col gap-2">
          {framework.objection_types.map((type, index) => (
            <li key={`${index}-${type.name}`} className="text-sm">
              <p className="flex flex-wrap items-center gap-x-2">
                <span dir="auto" className="font-medium text-gray-900">
                  {type.name}
                </span>
                {names?.has(nameKey(type.name)) ? (
                  <span className="inline-flex items-center gap-1 text-xs text-green-700">
                    <Check aria-hidden="true" className="size-3" />
                    {t('framework.already_added')}
                  </span>
                ) : null}
              </p>
              <p dir="auto" className="text-xs text-gray-600">
                {type.description}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-600">{t('framework.preview_empty')}</p>
      )}
    </section>
  )
}
