import { CheckIcon, ChevronDownIcon } from 'lucide-react'
import { Select as SelectPrimitive } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Label } from './label'
import { RequiredMarker } from './required-marker'

interface SelectOption {
  value: string
  label: React.ReactNode
  disabled?: boolean
}

interface SelectProps {
  label: React.ReactNode
  options: readonly SelectOption[]
  value?: string
  defaultValue?: string
  onValueChange?: (value: string) => void
  /** Shows a red asterisk beside the label and marks the field as required. */
  required?: boolean
  disabled?: boolean
  /** Shown while nothing is chosen (default: "Select…"). */
  placeholder?: React.ReactNode
  /** Form field name, for use inside a native form. */
  name?: string
  id?: string
  /** Marks the trigger as invalid and links this message to it. */
  error?: React.ReactNode
  className?: string
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** Focuses the field when it appears, e.g. the one choice a dialog asks for. */
  autoFocus?: boolean
}

/** A labelled single-choice list, with a required marker when `required`. */
function Select({
  label,
  options,
  required = false,
  placeholder,
  id: idProp,
  error,
  className,
  autoFocus,
  ...rootProps
}: SelectProps) {
  const { t } = useTranslation('ui')
  const generatedId = React.useId()
  const id = idProp ?? generatedId
  const errorId = `${id}-error`
  const hasError = error !== undefined && error !== null && error !== false && error !== ''

  return (
    <div data-slot="select-field" className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? <RequiredMarker title={t('required')} /> : null}
      </Label>
      <SelectPrimitive.Root required={required} {...rootProps}>
        <SelectPrimitive.Trigger
          id={id}
          autoFocus={autoFocus}
          data-slot="select-trigger"
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? errorId : undefined}
          className={cn(
            "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-start text-sm whitespace-nowrap text-gray-900 shadow-xs transition-[color,box-shadow] outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-gray-500 *:data-[slot=select-value]:line-clamp-1 *:data-[slot=select-value]:flex *:data-[slot=select-value]:items-center *:data-[slot=select-value]:gap-2 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
            hasError && 'border-red-600',
          )}
        >
          <SelectPrimitive.Value
            data-slot="select-value"
            placeholder={placeholder ?? t('select_placeholder')}
          />
          <SelectPrimitive.Icon asChild>
            <ChevronDownIcon aria-hidden="true" className="size-4 opacity-50" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            data-slot="select-content"
            position="popper"
            sideOffset={4}
            className="relative z-50 max-h-(--radix-select-content-available-height) min-w-[8rem] origin-(--radix-select-content-transform-origin) overflow-x-hidden overflow-y-auto rounded-md border border-gray-200 bg-white text-gray-900 shadow-md"
          >
            <SelectPrimitive.Viewport className="h-(--radix-select-trigger-height) w-full min-w-(--radix-select-trigger-width) scroll-my-1 p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  disabled={option.disabled}
                  data-slot="select-item"
                  className="relative flex w-full cursor-default items-center gap-2 rounded-sm py-1.5 ps-2 pe-8 text-sm outline-hidden select-none focus:bg-gray-100 focus:text-gray-900 data-[disabled]:pointer-events-none data-[disabled]:opacity-50"
                >
                  <span className="absolute end-2 flex size-3.5 items-center justify-center">
                    <SelectPrimitive.ItemIndicator>
                      <CheckIcon aria-hidden="true" className="size-4" />
                    </SelectPrimitive.ItemIndicator>
                  </span>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      {hasError ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export { Select }
export type { SelectOption, SelectProps }
