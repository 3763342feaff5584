import type * as React from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { DialogActions } from '@/components/ui/dialog-actions'
import { ModalDialog } from '@/components/ui/modal-dialog'
import { notify } from '@/components/ui/toast'
import { useDealAnalysis } from '@/entities/deal/api/analysis-api'
import { useDeleteDeal, useUpdateDeal } from '@/entities/deal/api/deals-api'
import type { Deal } from '@/entities/deal/api/types'
import { useServerErrorText } from '@/lib/use-server-errors'
import { formatAmount, ownerName, STATUS_VARIANT } from '@/entities/deal/lib/deal-format'
import { formatDate, MISSING_DATE } from '@/lib/dates/format-date'
import { useDocumentTitle } from '@/lib/use-document-title'
import { DealConfidence } from './deal-confidence'
import { DealFormDialog } from './deal-form-dialog'
import { DealStageHistory } from './deal-stage-history'

/**
 * The deal's name and key figures, its confidence with what moved it, and the risks to watch.
 * Edit, Delete and `actions` (the upload) only for those allowed to use them.
 */
export function DealHeader({
  deal,
  canEdit,
  actions,
}: {
  deal: Deal
  canEdit: boolean
  actions?: React.ReactNode
}) {
  const { t, i18n } = useTranslation('deals')
  useDocumentTitle(deal.name)
  const language = i18n.language
  const analysis = useDealAnalysis(deal.id).data
  const confidence = analysis?.confidence ? Math.round(analysis.confidence.score) : deal.confidence
  const lastActivity = deal.last_activity_at
    ? formatDate(deal.last_activity_at, 'closeDate', language)
    : t('list.no_activity')
  return (
    <header className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          {/* Names keep their own direction (a final '.' stays at their end) on an Arabic page. */}
          <h1 className="text-2xl font-semibold break-words">
            <bdi>{deal.name}</bdi>
          </h1>
          {deal.account_name ? (
            <p className="text-gray-700">
              <span className="sr-only">{t('header.account')}: </span>
              <bdi>{deal.account_name}</bdi>
            </p>
          ) : null}
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-2">
            {actions}
            <EditDealDialog deal={deal} />
            <DeleteDealDialog deal={deal} />
          </div>
        ) : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border border-gray-200 bg-white p-4 text-sm sm:grid-cols-4 lg:grid-cols-7">
        <Figure label={t('list.stage')}>{deal.stage?.name ?? MISSING_DATE}</Figure>
        <Figure label={t('list.status')}>
          <Badge variant={STATUS_VARIANT[deal.status]}>{t(`status.${deal.status}`)}</Badge>
        </Figure>
        <Figure label={t('list.owner')}>{ownerName(deal.owner) || MISSING_DATE}</Figure>
        <Figure label={t('list.amount')}>
          <span className="tabular-nums">{formatAmount(deal, language) || MISSING_DATE}</span>
        </Figure>
        <Figure label={t('list.close_date')}>
          {formatDate(deal.close_date, 'closeDate', language)}
        </Figure>
        <Figure label={t('list.last_activity')}>{lastActivity}</Figure>
        <Figure label={t('analysis.confidence')}>
          {confidence === null ? (
            <span className="text-gray-700">{t('header.not_analysed')}</span>
          ) : (
            <span className="text-lg font-semibold tabular-nums">
              {t('header.confidence_value', { score: confidence })}
            </span>
          )}
        </Figure>
      </dl>
      <DealConfidence dealId={deal.id} />
      <DealStageHistory deal={deal} />
    </header>
  )
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-gray-600">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
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
