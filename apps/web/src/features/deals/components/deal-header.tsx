import { useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import { useDeleteDeal, useUpdateDeal } from '@/entities/deal/api/deals-api'
import type { Deal } from '@/entities/deal/api/types'
import { useServerErrorText } from '@/lib/use-server-errors'
import { formatAmount, formatDay, ownerName, STATUS_VARIANT } from '@/entities/deal/lib/deal-format'
import { DealFormDialog } from './deal-form-dialog'

/** The deal's name and key figures; Edit and Delete only for those allowed to use them. */
export function DealHeader({ deal, canEdit }: { deal: Deal; canEdit: boolean }) {
  const { t, i18n } = useTranslation('deals')
  const language = i18n.language
  return (
    <header className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{deal.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
            {deal.stage ? <span>{deal.stage.name}</span> : null}
            <Badge variant={STATUS_VARIANT[deal.status]}>{t(`status.${deal.status}`)}</Badge>
          </div>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <EditDealDialog deal={deal} />
            <DeleteDealDialog deal={deal} />
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-gray-600">{t('list.owner')}</dt>
          <dd>{ownerName(deal.owner) || '–'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">{t('list.amount')}</dt>
          <dd className="tabular-nums">{formatAmount(deal, language) || '–'}</dd>
        </div>
        <div>
          <dt className="text-gray-600">{t('list.close_date')}</dt>
          <dd>{formatDay(deal.close_date, language) || '–'}</dd>
        </div>
      </dl>
    </header>
  )
}

function EditDealDialog({ deal }: { deal: Deal }) {
  const { t } = useTranslation('deals')
  const update = useUpdateDeal(deal.id)
  const [open, setOpen] = useState(false)
  const changeOpen = (next: boolean) => {
    if (!next) update.reset()
    setOpen(next)
  }
  return (
    <DealFormDialog
      title={t('edit.title')}
      submitLabel={t('edit.submit')}
      trigger={
        <Button type="button" variant="outline">
          <Pencil aria-hidden="true" />
          {t('edit.open')}
        </Button>
      }
      deal={deal}
      pipelineId={deal.pipeline_id}
      pending={update.isPending}
      error={update.error}
      open={open}
      onOpenChange={changeOpen}
      onSubmit={(input) =>
        update.mutate(input, {
          onSuccess: (saved) => {
            notify.success(t('edit.saved', { name: saved.name }))
            setOpen(false)
          },
        })
      }
    />
  )
}

function DeleteDealDialog({ deal }: { deal: Deal }) {
  const { t } = useTranslation('deals')
  const remove = useDeleteDeal(deal.id)
  const errorText = useServerErrorText()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  return (
    <ModalDialog
      title={t('delete.title', { name: deal.name })}
      description={t('delete.description')}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline">
          <Trash2 aria-hidden="true" />
          {t('delete.open')}
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
            onClick: () =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  notify.success(t('delete.deleted', { name: deal.name }))
                  void navigate({ to: '/pipeline-overview/' })
                },
                onError: (error) => {
                  notify.error(errorText(error, {}, t('delete.failed')))
                  setOpen(false)
                },
              }),
          }}
        />
      }
    />
  )
}
