import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import type { ActionInput, Pipeline, PipelineAction } from '@dealcoach/contracts/pipelines'
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toast'
import { cn } from '@/lib/cn'
import { useReplaceActions } from '../api/replace-actions'
import type { PipelineWrite } from '../hooks/use-pipeline-write-queue'
import {
  type ActionDraft,
  actionsOfStage,
  addAction,
  moveAction,
  removeAction,
  updateAction,
} from '../utils/action-edits'
import { ActionDialog } from './action-dialog'
import { DeleteActionDialog } from './delete-action-dialog'

/**
 * The playbook actions of one stage (or of none): add, edit, delete and reorder, each sent as the
 * pipeline's full action list.
 */
export function ActionsEditor({
  pipeline,
  stageId,
  canEdit,
  write,
}: {
  pipeline: Pipeline
  stageId: string | null
  canEdit: boolean
  write: PipelineWrite
}) {
  const { t } = useTranslation('pipeline-setup')
  const replace = useReplaceActions(pipeline.id)
  const actions = actionsOfStage(pipeline.actions, stageId)
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<PipelineAction | null>(null)
  const [deleting, setDeleting] = useState<PipelineAction | null>(null)
  const full = pipeline.actions.length >= PIPELINE_LIMITS.actions
  // Where the focus goes once a deleted action's button is gone.
  const containerRef = useRef<HTMLDivElement>(null)
  const focusAfterDelete = () =>
    requestAnimationFrame(() => containerRef.current?.querySelector<HTMLElement>('button')?.focus())

  /** Sends the action list `build` makes from the pipeline as the server last answered it. */
  const saveActions = (build: (current: Pipeline) => ActionInput[], success: string) =>
    write((current) => replace.mutateAsync(build(current))).then(
      () => {
        notify.success(success)
      },
      (error: unknown) => {
        notify.error(t('actions.save_failed'))
        throw error
      },
    )

  // As for stages: a moved row may lose its focus when the list is re-ordered in the DOM.
  const listRef = useRef<HTMLOListElement>(null)
  const focusAfterMove = useRef<string | null>(null)
  const order = actions.map((action) => action.action_id).join()
  useEffect(() => {
    const key = focusAfterMove.current
    if (!key) return
    focusAfterMove.current = null
    const button = listRef.current?.querySelector(`[data-focus-key="${key}"]`)
    if (button instanceof HTMLElement && document.activeElement !== button) button.focus()
  }, [order])

  const move = (action: PipelineAction, offset: -1 | 1) => {
    focusAfterMove.current = `${action.action_id}-${offset}`
    const position = actions.indexOf(action) + offset + 1
    saveActions(
      (current) => moveAction(current.actions, action.action_id, offset),
      t('actions.moved', { name: action.name, position }),
    ).catch(() => undefined)
  }

  const add = (draft: ActionDraft) =>
    saveActions(
      (current) => addAction(current.actions, draft),
      t('actions.added', { name: draft.name.trim() }),
    )

  const update = (action: PipelineAction, draft: ActionDraft) =>
    saveActions(
      (current) => updateAction(current.actions, action.action_id, draft),
      t('actions.updated', { name: draft.name.trim() }),
    )

  const remove = (action: PipelineAction) =>
    saveActions(
      (current) => removeAction(current.actions, action.action_id),
      t('actions.deleted', { name: action.name }),
    )

  return (
    <div ref={containerRef} className="flex flex-col gap-2">
      {stageId !== null ? (
        <p className="text-xs font-medium tracking-wide text-gray-500 uppercase">
          {t('actions.title')}
        </p>
      ) : null}
      {actions.length === 0 ? (
        <p className="text-sm text-gray-500">{t('actions.empty')}</p>
      ) : (
        <ol ref={listRef} className="flex flex-col divide-y divide-gray-100">
          {actions.map((action, index) => (
            <li
              key={action.action_id}
              className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:gap-2"
            >
              <div className="min-w-0 flex-1">
                <p dir="auto" className="text-sm font-medium break-words text-gray-900">
                  {action.name}
                </p>
                {action.description ? (
                  <p
                    dir="auto"
                    className="mt-0.5 text-sm break-words whitespace-pre-line text-gray-600"
                  >
                    {action.description}
                  </p>
                ) : null}
              </div>
              {canEdit ? (
                <div className="-my-1 flex shrink-0 items-center self-end sm:self-start">
                  <IconButton
                    label={t('actions.move_up', { name: action.name })}
                    focusKey={`${action.action_id}--1`}
                    disabled={index === 0}
                    onClick={() => move(action, -1)}
                  >
                    <ArrowUp aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={t('actions.move_down', { name: action.name })}
                    focusKey={`${action.action_id}-1`}
                    disabled={index === actions.length - 1}
                    onClick={() => move(action, 1)}
                  >
                    <ArrowDown aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={t('actions.edit', { name: action.name })}
                    onClick={() => setEditing(action)}
                  >
                    <Pencil aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={t('actions.delete', { name: action.name })}
                    className="hover:text-red-700"
                    onClick={() => setDeleting(action)}
                  >
                    <Trash2 aria-hidden="true" />
                  </IconButton>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {canEdit && stageId !== null ? (
        <div>
          <Button
            type="button"
            variant="dashed"
            size="sm"
            disabled={full}
            onClick={() => setAdding(true)}
          >
            <Plus aria-hidden="true" />
            {t('actions.add')}
          </Button>
        </div>
      ) : null}
      {adding ? (
        <ActionDialog
          stages={pipeline.stages}
          stageId={stageId}
          otherNames={pipeline.actions.map((action) => action.name)}
          onSave={add}
          onClose={() => setAdding(false)}
        />
      ) : null}
      {editing ? (
        <ActionDialog
          stages={pipeline.stages}
          stageId={stageId}
          action={editing}
          otherNames={pipeline.actions
            .filter((action) => action.action_id !== editing.action_id)
            .map((action) => action.name)}
          onSave={(draft) => update(editing, draft)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteActionDialog
          action={deleting}
          onDelete={() => remove(deleting)}
          onDeleted={() => {
            setDeleting(null)
            focusAfterDelete()
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </div>
  )
}

/** A small icon button for a row; "disabled" ones stay focusable so the focus never jumps. */
function IconButton({
  label,
  focusKey,
  disabled = false,
  className,
  onClick,
  children,
}: {
  label: string
  focusKey?: string
  disabled?: boolean
  className?: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      data-focus-key={focusKey}
      aria-label={label}
      aria-disabled={disabled || undefined}
      className={cn(
        'size-8 text-gray-500 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
        className,
      )}
      onClick={() => {
        if (!disabled) onClick()
      }}
    >
      {children}
    </Button>
  )
}
