import { PIPELINE_LIMITS } from '@dealcoach/contracts/limits'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FormAlert } from '@/components/ui/form-alert'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { usePipelines } from '@/entities/pipeline/api/list-pipelines'
import { useServerErrors } from '@/lib/use-server-errors'
import { isNameTaken } from '../utils/same-name'

const NAME_FIELD = { name: { maxLength: PIPELINE_LIMITS.name } }

export type PipelineNameProblem = 'required' | 'taken'

/**
 * What is wrong with a pipeline name before asking the server: it is empty, or another pipeline
 * of the organisation has it (trimmed, any case) as far as the list knows; `exceptId` is the
 * pipeline being renamed. The server's 409 still covers a list that is not loaded yet.
 */
export function usePipelineNameProblem(
  name: string,
  exceptId?: string,
): PipelineNameProblem | undefined {
  const pipelines = usePipelines()
  if (!name.trim()) return 'required'
  const otherNames = (pipelines.data?.models ?? [])
    .filter((other) => other.id !== exceptId)
    .map((other) => other.name)
  return isNameTaken(otherNames, name) ? 'taken' : undefined
}

/**
 * A pipeline's name in the create and rename dialogs, with the form's banner above it: the
 * client's own checks once the form was sent (until the name is edited again), and the server's
 * refusal of the last attempt (a taken name, a schema limit) in the client's words.
 */
export function PipelineNameField({
  value,
  onChange,
  exceptId,
  submitCount,
  error,
  fallback,
}: {
  value: string
  onChange: (name: string) => void
  /** The pipeline being renamed, whose own name is not taken. */
  exceptId?: string
  /** How often the form was sent; the client's checks show from the first time. */
  submitCount: number
  /** The server's refusal of the last attempt. */
  error: Error | null
  /** The banner for a failure with nothing more specific to say than "try again". */
  fallback: string
}) {
  const { t } = useTranslation('pipeline-setup')
  const problem = usePipelineNameProblem(value, exceptId)
  const server = useServerErrors(error, NAME_FIELD, { fallback })
  // The send after which the name was last edited: its check waits for the next send.
  const [editedAfter, setEditedAfter] = useState(0)
  const checked = submitCount > editedAfter
  const clientError =
    problem === 'required'
      ? t('name_field.required')
      : problem === 'taken'
        ? t('common:form_errors.pipeline_name_taken')
        : undefined

  return (
    <>
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <FormField
        label={t('name_field.label')}
        error={(checked ? clientError : undefined) ?? server.fieldError('name')}
        currentLength={value.length}
        maxLength={PIPELINE_LIMITS.name}
      >
        <Input
          value={value}
          maxLength={PIPELINE_LIMITS.name}
          autoComplete="off"
          dir="auto"
          onChange={(event) => {
            onChange(event.target.value)
            setEditedAfter(submitCount)
            server.clear('name')
          }}
        />
      </FormField>
    </>
  )
}
