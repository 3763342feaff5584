import { CheckIcon, SearchIcon } from 'lucide-react'
import { Checkbox as CheckboxPrimitive } from 'radix-ui'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Input } from './input'
import { Label } from './label'
import { useControllableState } from './use-controllable-state'

interface CheckboxListOption {
  value: string
  label: string
  disabled?: boolean
}

interface CheckboxListProps {
  /** The visible name of the group. */
  label: React.ReactNode
  options: readonly CheckboxListOption[]
  /** Controlled: the checked values. */
  value?: string[]
  defaultValue?: string[]
  onValueChange?: (value: string[]) => void
  /** Show the search box (default true). */
  searchable?: boolean
  /** Text shown when the search matches nothing (default: "No matches"). */
  emptyText?: React.ReactNode
  className?: string
}

/** Keeps the options whose label contains the query, ignoring case and surrounding spaces. */
function filterOptions(options: readonly CheckboxListOption[], query: string) {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return options
  return options.filter((option) => option.label.toLocaleLowerCase().includes(needle))
}

/** A list of checkboxes with a search box that filters the options by label. */
function CheckboxList({
  label,
  options,
  value: valueProp,
  defaultValue = [],
  onValueChange,
  searchable = true,
  emptyText,
  className,
}: CheckboxListProps) {
  const { t } = useTranslation('ui')
  const id = React.useId()
  const listId = `${id}-options`
  const [value, setValue] = useControllableState({
    prop: valueProp,
    defaultProp: defaultValue,
    onChange: onValueChange,
  })
  const [query, setQuery] = React.useState('')
  const visible = filterOptions(options, query)

  const toggle = (optionValue: string, checked: boolean) => {
    const without = value.filter((item) => item !== optionValue)
    setValue(checked ? [...without, optionValue] : without)
  }

  return (
    <fieldset data-slot="checkbox-list" className={cn('flex min-w-0 flex-col gap-2', className)}>
      <legend className="mb-2 text-sm font-medium text-gray-900">{label}</legend>
      {searchable ? (
        <div className="relative">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-gray-500"
          />
          <Input
            type="search"
            aria-label={t('search')}
            aria-controls={listId}
            placeholder={t('search_placeholder')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="ps-8"
          />
        </div>
      ) : null}
      <ul id={listId} className="flex max-h-64 flex-col gap-1 overflow-y-auto">
        {visible.map((option) => {
          // Ids from the position in the full list: option values may hold spaces.
          const optionId = `${id}-option-${options.indexOf(option)}`
          const checked = value.includes(option.value)
          return (
            <li key={option.value} className="flex items-center gap-2 rounded-md px-1 py-1">
              <CheckboxPrimitive.Root
                id={optionId}
                data-slot="checkbox"
                checked={checked}
                disabled={option.disabled}
                onCheckedChange={(next) => toggle(option.value, next === true)}
                className="peer flex size-4 shrink-0 items-center justify-center rounded-[4px] border border-gray-400 bg-white shadow-xs transition-shadow outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 data-[state=checked]:text-white"
              >
                <CheckboxPrimitive.Indicator className="flex items-center justify-center">
                  <CheckIcon aria-hidden="true" className="size-3.5" />
                </CheckboxPrimitive.Indicator>
              </CheckboxPrimitive.Root>
              <Label htmlFor={optionId} className="font-normal">
                {option.label}
              </Label>
            </li>
          )
        })}
      </ul>
      <div role="status" className="text-sm text-gray-600 empty:hidden">
        {visible.length === 0 ? (emptyText ?? t('no_matches')) : null}
      </div>
    </fieldset>
  )
}

export { CheckboxList, filterOptions }
export type { CheckboxListOption, CheckboxListProps }
