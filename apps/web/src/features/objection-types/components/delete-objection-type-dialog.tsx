import type { ObjectionType } from '@dealcoach/contracts/objections'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import { useServerErrorText } from '@/lib/use-server-errors'
import { useDeleteObjectionType } from '../api/delete-objection-type'

/** Deletes a type after a confirmation; the objections already found under it are kept. */
export function DeleteObjectionTypeDialog({ objectionType }: { objectionType: ObjectionType }) {
  const { t } = useTranslation('objection-types')
  const errorText = useServerErrorText()
  const remove = useDeleteObjectionType()
  const [open, setOpen] = useState(false)
  const name = objectionType.name

  const confirm = () =>
    remove.mutate(objectionType.id, {
      onSuccess: () => {
        notify.success(t('delete.deleted', { name }))
        setOpen(false)
      },
      onError: (error) => notify.error(errorText(error, {}, t('delete.failed', { name }))),
    })

  return (
    <ModalDialog
      title={t('delete.title', { name })}
      description={t('delete.description')}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('delete.open', { name })}
          className="text-gray-600 hover:text-red-700"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      footer={
        <DialogActions
          onCancel={() => setOpen(false)}
          confirm={{
            label: t('delete.confirm'),
            pendingLabel: t('delete.deleting'),
            pending: remove.isPending,
            variant: 'destructive',
            onClick: confirm,
          }}
        />
      }
    />
  )
}
