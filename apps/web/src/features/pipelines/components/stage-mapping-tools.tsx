import type { Pipeline } from '@dealcoach/contracts/pipelines'
import { Link2, ListTree } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import { CrmStageIdsDialog } from './crm-stage-ids-dialog'
import { StageActionsDialog } from './stage-actions-dialog'

/**
 * The admin's tools over all stages at once: which actions belong to which stage, and which CRM
 * stage each one is. Members see the result in the stages themselves.
 */
export function StageMappingTools({ pipeline }: { pipeline: Pipeline }) {
  const { t } = useTranslation('pipeline-setup')
  const [open, setOpen] = useState<'actions' | 'crm' | null>(null)
  const noStages = pipeline.stages.length === 0

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={noStages || pipeline.actions.length === 0}
        onClick={() => setOpen('actions')}
      >
        <ListTree aria-hidden="true" />
        {t('stage_actions.open')}
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={noStages}
        onClick={() => setOpen('crm')}
      >
        <Link2 aria-hidden="true" />
        {t('crm_stages.open')}
      </Button>
      {open === 'actions' ? (
        <StageActionsDialog pipeline={pipeline} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'crm' ? (
        <CrmStageIdsDialog pipeline={pipeline} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  )
}
