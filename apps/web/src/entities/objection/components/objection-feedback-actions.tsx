import type { ObjectionFeedbackBody } from '@dealcoach/contracts/objection-analysis'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { Select } from '@/components/ui/select'
import { notify } from '@/components/ui/toast'
import {
  useObjectionTypeChoices,
  usePromoteObjection,
  useSendFeedback,
  useUndoFeedback,
} from '../api/objection-feedback-api'
import { feedbackProblem } from '../lib/feedback-errors'

/** What the actions need of a detected objection, wherever it is shown (report or deal). */
export interface CorrectableObjection {
  id: string
  objection_type_id: string
  type_name: string
  /** The correction it carries, where the screen knows it. */
  feedback?: { id: string } | null
}

/**
 * The screen's undo: the correction is removed, the counts come back, and the user is told. It
 * belongs to the screen rather than to an objection, so that a toast's Undo outlives the
 * corrected objection, which leaves its list.
 */
export function useUndoCorrection(): (feedbackId: string) => void {
  const { t } = useTranslation('objections')
  const undo = useUndoFeedback()
  return (feedbackId) =>
    undo.mutate(feedbackId, {
      onSuccess: () => notify.success(t('report.feedback.undone')),
      onError: (error) => notify.error(t(feedbackProblem(error))),
    })
}

/** Any user corrects a detection; admins also teach the engine with it. */
export function ObjectionFeedbackActions({
  objection,
  isAdmin,
  undo,
}: {
  objection: CorrectableObjection
  isAdmin: boolean
  /** The screen's useUndoCorrection. */
  undo: (feedbackId: string) => void
}) {
  const { t } = useTranslation('objections')
  const send = useSendFeedback()
  const promote = usePromoteObjection()
  const [moving, setMoving] = useState(false)

  const correct = (
    body: ObjectionFeedbackBody,
    done: (typeName?: string) => string,
    typeName?: string,
  ) =>
    // A promise rather than mutate's callbacks: the corrected objection leaves its list (and
    // these actions unmount) as soon as the list is read again, and the toast must still come.
    void send.mutateAsync({ objectionId: objection.id, body }).then(
      (feedback) => {
        setMoving(false)
        notify.success(done(typeName), {
          action: { label: t('report.feedback.undo'), onClick: () => undo(feedback.id) },
        })
      },
      (error: unknown) => notify.error(t(feedbackProblem(error))),
    )

  const feedbackId = objection.feedback?.id
  return (
    <>
      {/* Not said who corrected it; members undo their own in the report's Corrections. */}
      {feedbackId && isAdmin ? (
        <Button type="button" variant="ghost" size="sm" onClick={() => undo(feedbackId)}>
          {t('report.feedback.undo_correction')}
        </Button>
      ) : null}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={send.isPending}
        onClick={() => correct({ verdict: 'not_objection' }, () => t('report.feedback.rejected'))}
      >
        {t('report.feedback.not_objection')}
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={send.isPending}
        onClick={() => setMoving(true)}
      >
        {t('report.feedback.other_type')}
      </Button>
      {isAdmin ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={promote.isPending}
          onClick={() =>
            promote.mutate(objection.id, {
              onSuccess: () =>
                notify.success(t('report.feedback.promoted', { type: objection.type_name })),
              onError: (error) => notify.error(t(feedbackProblem(error))),
            })
          }
        >
          {t('report.feedback.promote')}
        </Button>
      ) : null}
      {moving ? (
        <OtherTypeDialog
          objection={objection}
          pending={send.isPending}
          onClose={() => setMoving(false)}
          onChoose={(typeId, typeName) =>
            correct(
              { verdict: 'other_type', objection_type_id: typeId },
              (name) => t('report.feedback.moved', { type: name }),
              typeName,
            )
          }
        />
      ) : null}
    </>
  )
}

/**
 * Chooses the type the objection really is, among the organisation's active types. It opens on
 * the Type field (once the types are read), and asks before a choice is dropped unsent.
 */
function OtherTypeDialog({
  objection,
  pending,
  onClose,
  onChoose,
}: {
  objection: CorrectableObjection
  pending: boolean
  onClose: () => void
  onChoose: (typeId: string, typeName: string) => void
}) {
  const { t } = useTranslation('objections')
  const choices = useObjectionTypeChoices()
  const types = (choices.data?.models ?? []).filter(
    (type) => type.active && type.id !== objection.objection_type_id,
  )
  // '' rather than undefined: the select stays controlled, showing its placeholder until a choice.
  const [chosen, setChosen] = useState('')
  const type = types.find((candidate) => candidate.id === chosen)
  return (
    <ModalDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      dirty={chosen !== ''}
      title={t('report.feedback.other_type_title')}
      description={t('report.feedback.other_type_description', { type: objection.type_name })}
      footer={
        <DialogActions
          onCancel={onClose}
          confirm={{
            label: t('report.feedback.move'),
            // The button says Move while the correction is sent; it is disabled meanwhile.
            pendingLabel: t('report.feedback.move'),
            pending,
            disabled: !type,
            onClick: () => {
              if (type) onChoose(type.id, type.name)
            },
          }}
        />
      }
    >
      {choices.isPending ? (
        <p role="status" className="text-sm text-gray-700">
          {t('common:loading')}
        </p>
      ) : types.length === 0 ? (
        <p className="text-sm text-gray-700">{t('report.feedback.no_other_types')}</p>
      ) : (
        <Select
          label={t('report.feedback.type')}
          value={chosen}
          placeholder={t('report.feedback.choose_type')}
          onValueChange={setChosen}
          options={types.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          // The dialog's one question: focus starts there rather than on its Cancel button, also
          // when the types arrive after the dialog opened.
          autoFocus
        />
      )}
    </ModalDialog>
  )
}
