import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import type { Pipeline, PipelineStage, StageInput } from '@dealcoach/contracts/pipelines'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UnsavedChangesPrompt } from '@/components/layout/unsaved-changes-prompt'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useReplaceStages } from '../api/replace-stages'
import { usePipelineWriteQueue } from '../hooks/use-pipeline-write-queue'
import { actionsOfStage } from '../utils/action-edits'
import { isNameTaken } from '../utils/same-name'
import { addStage, moveStage, renameStage, removeStage } from '../utils/stage-edits'
import { ActionsEditor } from './actions-editor'
import { RemoveStageDialog } from './remove-stage-dialog'
import { StageItem } from './stage-item'

/** A refused stage name, wherever it sits in the list sent. */
// The editor sends the stage list as the body: a refused entry's name is at `body.<i>.name`.
const STAGE_NAME_FIELD = { name: { path: '*.name', maxLength: PIPELINE_LIMITS.name } }

/**
 * The ordered stages: add, rename inline, reorder (drag, or the move buttons from the keyboard)
 * and remove. Every change is shown at once and undone if the server refuses it.
 */
export function StagesEditor({ pipeline, canEdit }: { pipeline: Pipeline; canEdit: boolean }) {
  const { t } = useTranslation('pipeline-setup')
  const headingId = useId()
  const write = usePipelineWriteQueue(pipeline.id)
  const replace = useReplaceStages(pipeline.id)
  const [dragged, setDragged] = useState<string | null>(null)
  const [dropIndex, setDropIndex] = useState<number | null>(null)
  const [removing, setRemoving] = useState<PipelineStage | null>(null)
  const stages = pipeline.stages
  // Where the focus goes once a removed stage's button is gone.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const stageless = actionsOfStage(pipeline.actions, null)

  /** Sends the stage list `build` makes from the pipeline as the server last answered it. */
  const saveStages = (
    build: (current: Pipeline) => StageInput[],
    moveDealsTo?: Record<string, string>,
  ) => write((current) => replace.mutateAsync({ stages: build(current), moveDealsTo }))

  const errorText = useServerErrorText()
  const failed = (error: unknown) =>
    notify.error(errorText(error, STAGE_NAME_FIELD, t('stages.save_failed')))

  // A moved row may be re-inserted in the DOM, which drops its focus; give it back to the button
  // that moved it, so a keyboard user can keep pressing it.
  const listRef = useRef<HTMLOListElement>(null)
  const focusAfterMove = useRef<string | null>(null)
  const order = stages.map((stage) => stage.stage_id).join()
  useEffect(() => {
    const key = focusAfterMove.current
    if (!key) return
    focusAfterMove.current = null
    const button = listRef.current?.querySelector(`[data-focus-key="${key}"]`)
    if (button instanceof HTMLElement && document.activeElement !== button) button.focus()
  }, [order])

  const move = (stage: PipelineStage, to: number, focusKey?: string) => {
    const from = stages.indexOf(stage)
    if (to < 0 || to >= stages.length || to === from) return
    focusAfterMove.current = focusKey ?? null
    saveStages((current) => moveStage(current.stages, stage.stage_id, to)).then(
      () => notify.success(t('stages.moved', { name: stage.name, position: to + 1 })),
      failed,
    )
  }

  const rename = (stage: PipelineStage, name: string) =>
    saveStages((current) => renameStage(current.stages, stage.stage_id, name)).then(
      () => notify.success(t('stages.renamed', { name })),
      failed,
    )

  const add = (name: string) =>
    saveStages((current) => addStage(current.stages, name)).then(
      () => {
        notify.success(t('stages.added', { name }))
      },
      (error: unknown) => {
        failed(error)
        throw error
      },
    )

  const remove = (stage: PipelineStage, moveDealsTo?: string) =>
    saveStages(
      (current) => removeStage(current.stages, stage.stage_id),
      moveDealsTo ? { [stage.stage_id]: moveDealsTo } : undefined,
    )

  const drop = (index: number) => {
    const stage = stages.find((candidate) => candidate.stage_id === dragged)
    setDragged(null)
    setDropIndex(null)
    if (stage) move(stage, index)
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-lg font-semibold text-gray-900 outline-none"
        >
          {t('stages.title')}
        </h2>
        <p className="text-sm text-gray-600">
          {canEdit ? t('stages.hint') : t('stages.hint_read_only')}
        </p>
      </div>

      {stages.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-sm text-gray-600">
          {canEdit ? t('stages.empty') : t('stages.empty_read_only')}
        </p>
      ) : (
        <ol ref={listRef} className="flex flex-col gap-3">
          {stages.map((stage, index) => (
            <StageItem
              key={stage.stage_id}
              stage={stage}
              index={index}
              count={stages.length}
              canEdit={canEdit}
              dragging={dragged === stage.stage_id}
              dropTarget={dragged !== null && dropIndex === index && dragged !== stage.stage_id}
              onRename={(name) => void rename(stage, name)}
              onMove={(to, focusKey) => move(stage, to, focusKey)}
              onRemove={() => setRemoving(stage)}
              onDragStart={() => setDragged(stage.stage_id)}
              onDragEnd={() => {
                setDragged(null)
                setDropIndex(null)
              }}
              onDragOver={dragged ? () => setDropIndex(index) : undefined}
              onDrop={() => drop(index)}
            >
              <ActionsEditor
                pipeline={pipeline}
                stageId={stage.stage_id}
                canEdit={canEdit}
                write={write}
              />
            </StageItem>
          ))}
        </ol>
      )}

      {canEdit ? (
        <AddStageForm
          full={stages.length >= PIPELINE_LIMITS.stages}
          names={stages.map((stage) => stage.name)}
          onAdd={add}
        />
      ) : null}

      {stageless.length > 0 ? (
        <section
          aria-labelledby={`${headingId}-stageless`}
          className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4"
        >
          <div>
            <h3 id={`${headingId}-stageless`} className="font-medium text-gray-900">
              {t('actions.stageless_title')}
            </h3>
            <p className="text-sm text-gray-600">{t('actions.stageless_description')}</p>
          </div>
          <ActionsEditor pipeline={pipeline} stageId={null} canEdit={canEdit} write={write} />
        </section>
      ) : null}

      {removing ? (
        <RemoveStageDialog
          pipelineId={pipeline.id}
          stage={removing}
          actionCount={actionsOfStage(pipeline.actions, removing.stage_id).length}
          otherStages={stages.filter((stage) => stage.stage_id !== removing.stage_id)}
          onRemove={(moveDealsTo) => remove(removing, moveDealsTo)}
          onRemoved={() => {
            setRemoving(null)
            requestAnimationFrame(() => headingRef.current?.focus())
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </section>
  )
}

/** Appends a stage; the field clears at once and gets its text back if the server refuses. */
function AddStageForm({
  full,
  names,
  onAdd,
}: {
  full: boolean
  /** The pipeline's stage names: a repeated one is refused before asking the server. */
  names: readonly string[]
  onAdd: (name: string) => Promise<void>
}) {
  const { t } = useTranslation('pipeline-setup')
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  const errorText = useServerErrorText()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      setError(t('stages.name_required'))
      return
    }
    if (isNameTaken(names, trimmed)) {
      setError(t('common:form_errors.stage_name_repeated'))
      return
    }
    setError(undefined)
    setName('')
    onAdd(trimmed).catch((refusal: unknown) => {
      setName((current) => current || trimmed)
      setError(errorText(refusal, STAGE_NAME_FIELD, t('stages.save_failed')))
    })
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-dashed border-gray-300 bg-white p-4 sm:flex-row sm:items-start"
    >
      <UnsavedChangesPrompt when={name.trim() !== ''} />
      <FormField
        label={t('stages.new_label')}
        error={error}
        description={full ? t('stages.full', { max: PIPELINE_LIMITS.stages }) : undefined}
        className="flex-1"
      >
        <Input
          value={name}
          maxLength={PIPELINE_LIMITS.name}
          autoComplete="off"
          placeholder={t('stages.new_placeholder')}
          disabled={full}
          onChange={(event) => {
            setName(event.target.value)
            setError(undefined)
          }}
        />
      </FormField>
      <Button type="submit" disabled={full} className="sm:mt-6">
        {t('stages.add')}
      </Button>
    </form>
  )
}
