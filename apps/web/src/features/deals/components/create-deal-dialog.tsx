import { useNavigate } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { flushSync } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toast'
import { useCreateDeal } from '@/entities/deal/api/deals-api'
import { DealFormDialog } from './deal-form-dialog'

/** "New deal": anyone may create one (a member owns what they create); it opens on success. */
export function CreateDealDialog({ pipelineId, label }: { pipelineId: string; label?: string }) {
  const { t } = useTranslation('deals')
  const create = useCreateDeal()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const changeOpen = (next: boolean) => {
    if (!next) create.reset()
    setOpen(next)
  }
  return (
    <DealFormDialog
      title={t('create.title')}
      submitLabel={t('create.submit')}
      trigger={
        <Button type="button">
          <Plus aria-hidden="true" />
          {label ?? t('create.open')}
        </Button>
      }
      pipelineId={pipelineId}
      pending={create.isPending}
      error={create.error}
      open={open}
      onOpenChange={changeOpen}
      onSubmit={(input) =>
        create.mutate(input, {
          onSuccess: (deal) => {
            notify.success(t('create.created', { name: deal.name }))
            // Closing first unmounts the form, and with it the unsaved-changes blocker.
            flushSync(() => setOpen(false))
            void navigate({ to: '/deals/$dealId/', params: { dealId: deal.id } })
          },
        })
      }
    />
  )
}
