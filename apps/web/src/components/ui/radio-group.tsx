import { CircleIcon } from 'lucide-react'
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Label } from './label'
import { RequiredMarker } from './required-marker'

interface RadioGroupOption {
  value: string
  label: React.ReactNode
  description?: React.ReactNode
  disabled?: boolean
}

type RadioGroupProps = Omit<React.ComponentProps<typeof RadioGroupPrimitive.Root>, 'children'> & {
  /** The visible name of the group. */
  label: React.ReactNode
  options: readonly RadioGroupOption[]
}

function RadioGroupItem({
  className,
  ...props
}: React.ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'peer aspect-square size-4 shrink-0 rounded-full border border-gray-400 bg-white text-brand-600 shadow-xs transition-shadow outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-brand-600',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="flex items-center justify-center"
      >
        <CircleIcon aria-hidden="true" className="size-2 fill-current" />
      </RadioGroupPrimitive.Indicator>
    </RadioGroupPrimitive.Item>
  )
}

/** A labelled group of radio buttons; arrow keys move between options and select them. */
function RadioGroup({ label, options, className, required, ...props }: RadioGroupProps) {
  const { t } = useTranslation('ui')
  const id = React.useId()
  const labelId = `${id}-label`
  return (
    <div data-slot="radio-group-field" className="flex flex-col gap-3">
      <div id={labelId} className="flex items-center gap-1 text-sm font-medium text-gray-900">
        {label}
        {required ? <RequiredMarker title={t('required')} /> : null}
      </div>
      <RadioGroupPrimitive.Root
        data-slot="radio-group"
        aria-labelledby={labelId}
        required={required}
        className={cn('grid gap-3', className)}
        {...props}
      >
        {options.map((option, index) => {
          const optionId = `${id}-option-${index}`
          const descriptionId = option.description ? `${optionId}-description` : undefined
          return (
            <div key={option.value} className="flex items-start gap-2">
              <RadioGroupItem
                id={optionId}
                value={option.value}
                disabled={option.disabled}
                aria-describedby={descriptionId}
                className="mt-0.5"
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={optionId} className="font-normal">
                  {option.label}
                </Label>
                {option.description ? (
                  <p id={descriptionId} className="text-sm text-gray-600">
                    {option.description}
                  </p>
                ) : null}
              </div>
            </div>
          )
        })}
      </RadioGroupPrimitive.Root>
    </div>
  )
}

export { RadioGroup, RadioGroupItem }
export type { RadioGroupOption, RadioGroupProps }
