import { Plus, X } from 'lucide-react'
import * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { Button } from './button'
import { Input } from './input'

interface ListEditorProps {
  label: React.ReactNode
  /** What one entry is called, for the add and remove buttons ("value proposition"). */
  itemLabel: string
  values: string[]
  onChange: (values: string[]) => void
  maxItems?: number
  maxLength?: number
  placeholder?: string
  disabled?: boolean
  className?: string
}

/** An editable list of short texts: one input per entry, with add and remove buttons. */
function ListEditor({
  label,
  itemLabel,
  values,
  onChange,
  maxItems,
  maxLength,
  placeholder,
  disabled = false,
  className,
}: ListEditorProps) {
  const { t } = useTranslation('ui')
  const lastInput = React.useRef<HTMLInputElement>(null)
  // A new entry takes the focus once it is rendered.
  const focusNewEntry = React.useRef(false)
  React.useEffect(() => {
    if (!focusNewEntry.current) return
    focusNewEntry.current = false
    lastInput.current?.focus()
  }, [values.length])

  const update = (index: number, value: string) =>
    onChange(values.map((old, i) => (i === index ? value : old)))
  const remove = (index: number) => onChange(values.filter((_, i) => i !== index))
  const add = () => {
    focusNewEntry.current = true
    onChange([...values, ''])
  }
  const full = maxItems !== undefined && values.length >= maxItems

  return (
    // A list that cannot be changed is read, not greyed out: its entries are read-only inputs at
    // full contrast, as the form's other read-only fields are (a disabled fieldset drew them like
    // empty placeholders).
    <fieldset data-slot="list-editor" className={cn('flex flex-col gap-2', className)}>
      <legend className="mb-1.5 text-sm font-medium text-gray-900">{label}</legend>
      {values.length === 0 ? <p className="text-sm text-gray-500">{t('list_empty')}</p> : null}
      <ul className="flex flex-col gap-2">
        {values.map((value, index) => (
          <li key={index} className="flex items-center gap-2">
            <Input
              ref={index === values.length - 1 ? lastInput : undefined}
              value={value}
              maxLength={maxLength}
              placeholder={placeholder}
              readOnly={disabled}
              aria-label={t('list_item', { item: itemLabel, number: index + 1 })}
              onChange={(event) => update(index, event.target.value)}
            />
            {!disabled ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t('list_remove', { item: itemLabel, number: index + 1 })}
                onClick={() => remove(index)}
              >
                <X aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {!disabled ? (
        <div>
          <Button type="button" variant="dashed" size="sm" onClick={add} disabled={full}>
            <Plus aria-hidden="true" />
            {t('list_add', { item: itemLabel })}
          </Button>
        </div>
      ) : null}
    </fieldset>
  )
}

export { ListEditor }
export type { ListEditorProps }
