import type { Pipeline } from '@dealcoach/contracts/pipelines'
import type { SalesFramework, SalesFrameworkKey } from '@dealcoach/contracts/sales-frameworks'
import { useNavigate } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { type FormEvent, type ReactElement, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { FormDialog } from '@/components/ui/form-dialog'
import { useReportUnsavedEdits } from '@/components/ui/modal-dialog'
import { RadioGroup } from '@/components/ui/radio-group'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toast'
import { useControllableState } from '@/components/ui/use-controllable-state'
import { useCreatePipeline } from '../api/create-pipeline'
import { PipelineNameField, usePipelineNameProblem } from './pipeline-name-field'
import { useSalesFrameworks } from '@/entities/sales-framework/api/list-sales-frameworks'
import { useSalesFrameworkText } from '@/entities/sales-framework/lib/sales-framework-text'

const BLANK = 'blank'
type StartingPoint = SalesFrameworkKey | typeof BLANK

export interface CreatePipelineDialogProps {
  /** The framework chosen when the dialog opens (blank when absent). */
  defaultFramework?: SalesFrameworkKey
  /** The element that opens the dialog: a "New pipeline" button by default, null for none. */
  trigger?: ReactElement | null
  /** Controlled use: the parent owns the open state. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Called with the new pipeline instead of going to its page. */
  onCreated?: (pipeline: Pipeline) => void
}

/** Creates a pipeline, blank or from a sales framework's stages and playbook actions. */
export function CreatePipelineDialog({
  defaultFramework,
  trigger,
  open: openProp,
  onOpenChange,
  onCreated,
}: CreatePipelineDialogProps) {
  const { t } = useTranslation('pipeline-setup')
  const navigate = useNavigate()
  const create = useCreatePipeline()
  const [open, setOpen] = useControllableState({
    prop: openProp,
    defaultProp: false,
    onChange: onOpenChange,
  })
  const changeOpen = (next: boolean) => {
    if (!next) create.reset()
    setOpen(next)
  }

  const submit = (name: string, framework: SalesFrameworkKey | undefined) =>
    create.mutate(
      { name, ...(framework ? { framework } : {}) },
      {
        onSuccess: (pipeline) => {
          notify.success(t('create.created', { name: pipeline.name }))
          changeOpen(false)
          if (onCreated) onCreated(pipeline)
          else
            void navigate({
              to: '/configure/pipelines/$pipelineId/',
              params: { pipelineId: pipeline.id },
            })
        },
      },
    )

  const defaultTrigger = (
    <Button type="button">
      <Plus aria-hidden="true" />
      {t('create.open')}
    </Button>
  )

  return (
    <FormDialog
      variant="wide"
      title={t('create.title')}
      description={t('create.description')}
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger === null ? undefined : (trigger ?? defaultTrigger)}
      submit={{
        label: t('create.submit'),
        pendingLabel: t('create.creating'),
        pending: create.isPending,
      }}
      onCancel={() => changeOpen(false)}
    >
      {(formId) => (
        <CreatePipelineForm
          id={formId}
          defaultFramework={defaultFramework}
          error={create.error}
          onSubmit={submit}
        />
      )}
    </FormDialog>
  )
}

/** The dialog's body; it unmounts when the dialog closes, so each opening starts afresh. */
function CreatePipelineForm({
  id,
  defaultFramework,
  error,
  onSubmit,
}: {
  id: string
  defaultFramework: SalesFrameworkKey | undefined
  error: Error | null
  onSubmit: (name: string, framework: SalesFrameworkKey | undefined) => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const { nameOf, descriptionOf } = useSalesFrameworkText()
  const frameworks = useSalesFrameworks()
  const [startingPoint, setStartingPoint] = useState<StartingPoint>(defaultFramework ?? BLANK)
  // Until the user types a name, the chosen framework suggests one.
  const [typedName, setTypedName] = useState<string | null>(null)
  const [submitCount, setSubmitCount] = useState(0)

  const models = frameworks.data?.models ?? []
  const framework = models.find((candidate) => candidate.key === startingPoint)
  const name = typedName ?? framework?.pipeline_name ?? ''
  const problem = usePipelineNameProblem(name)
  // A typed name or another starting point is the user's work: closing asks before dropping it.
  useReportUnsavedEdits(typedName !== null || startingPoint !== (defaultFramework ?? BLANK))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitCount((count) => count + 1)
    if (problem) return
    onSubmit(name.trim(), startingPoint === BLANK ? undefined : startingPoint)
  }

  const options = [
    { value: BLANK, label: t('create.blank'), description: t('create.blank_description') },
    ...models.map((candidate) => ({
      value: candidate.key,
      // A name kept as written (MEDDIC): isolated, so an Arabic page does not flip its punctuation.
      label: <bdi>{nameOf(candidate)}</bdi>,
      description: (
        <>
          <span dir="auto" className="block">
            {descriptionOf(candidate)}
          </span>
          <span className="mt-0.5 block text-xs text-gray-500">
            {t('create.framework_size', {
              stages: t('stage_count', { count: candidate.stages.length }),
              actions: t('action_count', { count: countActions(candidate) }),
            })}
          </span>
        </>
      ),
    })),
  ]

  return (
    <form id={id} noValidate onSubmit={submit} className="flex flex-col gap-5 p-0.5">
      <PipelineNameField
        value={name}
        onChange={setTypedName}
        submitCount={submitCount}
        error={error}
        fallback={t('create.failed')}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <RadioGroup
            label={t('create.starting_point')}
            options={options}
            value={startingPoint}
            onValueChange={(value) => setStartingPoint(value as StartingPoint)}
          />
          {frameworks.isPending ? (
            <div role="status" className="flex flex-col gap-3">
              <span className="sr-only">{t('create.frameworks_loading')}</span>
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : null}
          {frameworks.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('create.frameworks_failed')}
            </p>
          ) : null}
        </div>
        <FrameworkPreview framework={framework} />
      </div>
    </form>
  )
}

const countActions = (framework: SalesFramework) =>
  framework.stages.reduce((total, stage) => total + stage.actions.length, 0)

/** What the chosen starting point creates: its stages in order, with their playbook actions. */
function FrameworkPreview({ framework }: { framework: SalesFramework | undefined }) {
  const { t } = useTranslation('pipeline-setup')
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 self-start rounded-lg border border-gray-200 bg-gray-50 p-4 md:sticky md:top-0"
    >
      <h3 id={headingId} className="text-sm font-semibold text-gray-900">
        {framework ? t('create.preview_title', { name: framework.name }) : t('create.blank_title')}
      </h3>
      {framework ? (
        <ol className="flex flex-col gap-3">
          {framework.stages.map((stage, index) => (
            <li key={`${index}-${stage.name}`} className="flex gap-3">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <p dir="auto" className="text-sm font-medium text-gray-900">
                  {stage.name}
                </p>
                {stage.actions.length > 0 ? (
                  <ul className="mt-1 flex list-disc flex-col gap-0.5 ps-4 text-xs text-gray-600">
                    {stage.actions.map((action, actionIndex) => (
                      <li key={`${actionIndex}-${action.name}`}>
                        <bdi>{action.name}</bdi>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-gray-600">{t('create.blank_preview')}</p>
      )}
    </section>
  )
}
