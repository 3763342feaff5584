import { Slot } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Label } from './label'
import { RequiredMarker } from './required-marker'

interface FormFieldProps {
  label: React.ReactNode
  /** The one control of the field (an Input, a Textarea…); it receives id and aria attributes. */
  children: React.ReactElement
  /** The error message; when present the label gets a red asterisk and the control a red border. */
  error?: React.ReactNode
  /** Help text under the control. */
  description?: React.ReactNode
  /**
   * Current character count; the counter shows only when this and `maxLength` are numbers and
   * the control can be typed in (a `readOnly` or `disabled` control shows none).
   */
  currentLength?: number | null
  maxLength?: number | null
  id?: string
  className?: string
}

function isPresent(node: React.ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== ''
}

function isCount(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

/**
 * A labelled form control (spec §5): a red asterisk beside the label when there is an error,
 * the error text linked to the control, and a current/max counter when both counts are numbers
 * and the control is editable; the counter keeps to one line beside the error.
 */
function FormField({
  label,
  children,
  error,
  description,
  currentLength,
  maxLength,
  id: idProp,
  className,
}: FormFieldProps) {
  const { t } = useTranslation('ui')
  const generatedId = React.useId()
  const childProps = children.props as { id?: unknown; readOnly?: unknown; disabled?: unknown }
  const childId = childProps.id
  const id = typeof childId === 'string' ? childId : (idProp ?? generatedId)
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const counterId = `${id}-counter`

  const hasError = isPresent(error)
  const hasDescription = isPresent(description)
  // A counter is for someone typing: a read-only or disabled control has none.
  const editable = !childProps.readOnly && !childProps.disabled
  const showCounter = editable && isCount(currentLength) && isCount(maxLength)
  const overLimit = showCounter && currentLength > maxLength

  // A refusal from the server comes after the form's submit button was disabled for the
  // request, which sends the browser's focus to the page: it goes to the first field refused,
  // beside its message, rather than nowhere. Focus the user put somewhere stays there.
  React.useEffect(() => {
    if (!hasError) return
    const active = document.activeElement
    if (active !== null && active !== document.body) return
    document.getElementById(id)?.focus()
  }, [hasError, id])

  const describedBy =
    [hasDescription && descriptionId, hasError && errorId, showCounter && counterId]
      .filter(Boolean)
      .join(' ') || undefined

  return (
    <div
      data-slot="form-field"
      data-invalid={hasError || undefined}
      className={cn('flex flex-col gap-1.5', className)}
    >
      <Label htmlFor={id}>
        {label}
        {hasError ? <RequiredMarker /> : null}
      </Label>
      <Slot.Root id={id} aria-invalid={hasError || undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {hasDescription ? (
        <p id={descriptionId} className="text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {hasError || showCounter ? (
        <div className="flex items-start gap-2">
          {hasError ? (
            <p id={errorId} role="alert" className="min-w-0 flex-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          {showCounter ? (
            <p
              id={counterId}
              data-slot="form-field-counter"
              className={cn(
                // Never wraps under a long error: the error takes the rest of the row.
                'ms-auto shrink-0 text-xs whitespace-nowrap text-gray-600 tabular-nums',
                overLimit && 'font-medium text-red-700',
              )}
            >
              <span aria-hidden="true">
                {t('character_count', { current: currentLength, max: maxLength })}
              </span>
              <span className="sr-only">
                {t('character_count_label', { current: currentLength, max: maxLength })}
              </span>
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}

export { FormField }
export type { FormFieldProps }
