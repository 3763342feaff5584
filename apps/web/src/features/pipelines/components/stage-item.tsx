import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import type { PipelineStage } from '@dealcoach/contracts/pipelines'
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react'
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/cn'

interface StageItemProps {
  stage: PipelineStage
  index: number
  count: number
  canEdit: boolean
  dragging: boolean
  dropTarget: boolean
  onRename: (name: string) => void
  /** Moves the stage to index `to`; `focusKey` names the button to keep focused afterwards. */
  onMove: (to: number, focusKey: string) => void
  onRemove: () => void
  onDragStart: () => void
  onDragEnd: () => void
  /** Set while another stage is being dragged. */
  onDragOver: (() => void) | undefined
  onDrop: () => void
  /** The stage's playbook actions. */
  children: ReactNode
}

/** One stage: its number, its name (editable in place), move and remove buttons, its actions. */
export function StageItem({
  stage,
  index,
  count,
  canEdit,
  dragging,
  dropTarget,
  onRename,
  onMove,
  onRemove,
  onDragStart,
  onDragEnd,
  onDragOver,
  onDrop,
  children,
}: StageItemProps) {
  const { t } = useTranslation('pipeline-setup')
  const itemRef = useRef<HTMLLIElement>(null)
  const name = stage.name
  const first = index === 0
  const last = index === count - 1
  const upKey = `${stage.stage_id}-up`
  const downKey = `${stage.stage_id}-down`

  return (
    <li
      ref={itemRef}
      data-slot="stage"
      className={cn(
        'rounded-xl border border-gray-200 bg-white shadow-xs transition-[opacity,box-shadow]',
        dragging && 'opacity-50',
        dropTarget && 'ring-2 ring-brand-600 ring-offset-2',
      )}
      onDragOver={
        onDragOver
          ? (event) => {
              event.preventDefault()
              event.dataTransfer.dropEffect = 'move'
              onDragOver()
            }
          : undefined
      }
      onDrop={
        onDragOver
          ? (event) => {
              event.preventDefault()
              onDrop()
            }
          : undefined
      }
    >
      <div className="flex flex-wrap items-center gap-2 rounded-t-xl border-b border-gray-100 bg-gray-50/70 px-3 py-2">
        {canEdit ? (
          // Dragging is a pointer shortcut; keyboard users have the move buttons.
          <span
            draggable
            data-slot="stage-drag-handle"
            title={t('stages.drag', { name })}
            className="flex h-8 w-5 shrink-0 cursor-grab items-center justify-center text-gray-400 hover:text-gray-700 active:cursor-grabbing"
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move'
              event.dataTransfer.setData('text/plain', stage.stage_id)
              if (itemRef.current) event.dataTransfer.setDragImage(itemRef.current, 24, 24)
              onDragStart()
            }}
            onDragEnd={onDragEnd}
          >
            <GripVertical aria-hidden="true" className="size-4" />
          </span>
        ) : null}
        <span
          aria-hidden="true"
          className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
        >
          {index + 1}
        </span>
        {canEdit ? (
          <StageNameInput
            name={name}
            label={t('stages.name_label', { position: index + 1 })}
            onRename={onRename}
          />
        ) : (
          <h3 className="min-w-0 flex-1 basis-40 font-medium break-words text-gray-900">
            <span className="sr-only">{t('stages.position', { position: index + 1 })} </span>
            <span dir="auto">{name}</span>
          </h3>
        )}
        {canEdit ? (
          <div className="ms-auto flex shrink-0 items-center">
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
              data-focus-key={upKey}
              aria-label={t('stages.move_up', { name })}
              aria-disabled={first || undefined}
              onClick={() => {
                if (!first) onMove(index - 1, upKey)
              }}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
              data-focus-key={downKey}
              aria-label={t('stages.move_down', { name })}
              aria-disabled={last || undefined}
              onClick={() => {
                if (!last) onMove(index + 1, downKey)
              }}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 text-gray-500 hover:text-red-700"
              aria-label={t('stages.remove', { name })}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-2 px-3 py-3 sm:px-4">
        {stage.remote_stage_id ? (
          // Everyone sees the link; admins change it in the CRM stage ids dialog.
          <p className="text-xs text-gray-600">
            {t('crm_stages.linked')}{' '}
            <code dir="ltr" className="rounded bg-gray-100 px-1 py-0.5 break-all text-gray-800">
              {stage.remote_stage_id}
            </code>
          </p>
        ) : null}
        {children}
      </div>
    </li>
  )
}

/**
 * The stage's name, edited where it is shown: saved on Enter or when the field loses focus,
 * restored on Escape. A blank name is not saved.
 */
function StageNameInput({
  name,
  label,
  onRename,
}: {
  name: string
  label: string
  onRename: (name: string) => void
}) {
  const { t } = useTranslation('pipeline-setup')
  const errorId = useId()
  const [draft, setDraft] = useState(name)
  const [blank, setBlank] = useState(false)
  // A new name from the server (or a rename undone) replaces the draft, keeping the focus.
  const [shownName, setShownName] = useState(name)
  if (name !== shownName) {
    setShownName(name)
    setDraft(name)
  }

  const commit = () => {
    const trimmed = draft.trim()
    if (!trimmed) {
      setBlank(true)
      return
    }
    setBlank(false)
    if (trimmed !== name) onRename(trimmed)
    else setDraft(name)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'Escape') {
      setDraft(name)
      setBlank(false)
    }
  }

  return (
    // Sized by its text: a short name keeps the buttons on its row, a long one pushes them below.
    <div className="flex min-w-0 flex-auto flex-col gap-1">
      <Input
        value={draft}
        dir="auto"
        maxLength={PIPELINE_LIMITS.name}
        autoComplete="off"
        aria-label={label}
        aria-invalid={blank || undefined}
        aria-describedby={blank ? errorId : undefined}
        className="field-sizing-content h-8 min-w-32 border-transparent bg-transparent px-2 font-medium shadow-none hover:border-gray-300 hover:bg-white focus-visible:bg-white"
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {blank ? (
        <p id={errorId} role="alert" className="px-2 text-xs text-red-700">
          {t('stages.name_required')}
        </p>
      ) : null}
    </div>
  )
}
