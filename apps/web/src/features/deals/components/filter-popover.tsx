import { ChevronDown } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { CheckboxList, type CheckboxListOption } from '@/components/ui/checkbox-list'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'

export interface FilterPopoverProps {
  /** The group's name, e.g. "Stages". */
  label: string
  /** What is chosen, in short, e.g. "All stages" or "2 selected". */
  summary: string
  options: readonly CheckboxListOption[]
  value: string[]
  /** The one option the user ticked or unticked. */
  onToggle: (value: string) => void
}

/** A filter button that opens a list of checkboxes; each tick is reported on its own. */
export function FilterPopover({ label, summary, options, value, onToggle }: FilterPopoverProps) {
  const onValueChange = (next: string[]) => {
    const toggled =
      next.find((item) => !value.includes(item)) ?? value.find((item) => !next.includes(item))
    if (toggled !== undefined) onToggle(toggled)
  }
  return (
    <div className="flex flex-col gap-1.5">
      <span aria-hidden="true" className="text-sm leading-none font-medium text-gray-900">
        {label}
      </span>
      <Popover>
        <PopoverTrigger asChild>
          <Button type="button" variant="outline" className="min-w-36 justify-between font-normal">
            <span className="sr-only">{`${label}: `}</span>
            <span className="truncate">{summary}</span>
            <ChevronDown aria-hidden="true" className="opacity-50" />
          </Button>
        </PopoverTrigger>
        <PopoverContent align="start" className="w-64">
          <CheckboxList
            label={label}
            options={options}
            value={value}
            onValueChange={onValueChange}
            searchable={options.length > 8}
          />
        </PopoverContent>
      </Popover>
    </div>
  )
}
