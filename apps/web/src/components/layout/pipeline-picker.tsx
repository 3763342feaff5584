import { useTranslation } from 'react-i18next'
import { Select } from '@/components/ui/select'

export interface PipelineOption {
  id: string
  name: string
}

/** The header's pipeline choice; hidden while the organisation has no active pipeline. */
export function PipelinePicker({
  pipelines,
  value,
  onChange,
}: {
  pipelines: PipelineOption[]
  value: string | null
  onChange: (pipelineId: string) => void
}) {
  const { t } = useTranslation()
  if (pipelines.length === 0) return null
  return (
    <div className="w-40 sm:w-56 [&_label]:sr-only">
      <Select
        label={t('pipeline_picker.label')}
        placeholder={t('pipeline_picker.placeholder')}
        value={value ?? undefined}
        onValueChange={onChange}
        options={pipelines.map((pipeline) => ({ value: pipeline.id, label: pipeline.name }))}
      />
    </div>
  )
}
