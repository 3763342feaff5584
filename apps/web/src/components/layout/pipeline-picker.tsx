import { useTranslation } from 'react-i18next'
import { Select } from '@/components/ui/select'
import { Skeleton } from '@/components/ui/skeleton'

// One width for the picker and its placeholder, so the header does not move when pipelines arrive.
const PICKER_WIDTH = 'w-40 shrink-0 sm:w-56'

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
    <div className={`${PICKER_WIDTH} [&_label]:sr-only`}>
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

/** Holds the picker's place while the pipelines load. */
export function PipelinePickerPlaceholder() {
  return <Skeleton className={`${PICKER_WIDTH} h-9`} data-testid="pipeline-picker-placeholder" />
}
