import type * as React from 'react'
import { cn } from '@/lib/cn'
import { isAriaInvalid } from './input'
import { readOnlyFieldClassName } from './read-only-field'

function Textarea({ className, ...props }: React.ComponentProps<'textarea'>) {
  const invalid = isAriaInvalid(props['aria-invalid'])
  return (
    <textarea
      data-slot="textarea"
      data-read-only={props.readOnly ? '' : undefined}
      className={cn(
        'flex field-sizing-content min-h-16 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-start text-base text-gray-900 shadow-xs transition-[color,box-shadow] outline-none placeholder:text-gray-500 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        'focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/40',
        readOnlyFieldClassName,
        className,
        // Spec §5: a control with an error has a red border, whatever look the caller gives it.
        invalid &&
          'border-red-600 hover:border-red-600 focus-visible:border-red-600 focus-visible:ring-red-600/30',
      )}
      {...props}
    />
  )
}

export { Textarea }
