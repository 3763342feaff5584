import type * as React from 'react'
import { cn } from '@/lib/cn'
import { readOnlyFieldClassName } from './read-only-field'

/** True when an aria-invalid prop marks the control as holding an error. */
export function isAriaInvalid(value: React.AriaAttributes['aria-invalid']): boolean {
  return value !== undefined && value !== false && value !== 'false'
}

function Input({ className, type, ...props }: React.ComponentProps<'input'>) {
  const invalid = isAriaInvalid(props['aria-invalid'])
  return (
    <input
      type={type}
      data-slot="input"
      data-read-only={props.readOnly ? '' : undefined}
      className={cn(
        'flex h-9 w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-1 text-start text-base text-gray-900 shadow-xs transition-[color,box-shadow] outline-none placeholder:text-gray-500 file:inline-flex file:h-7 file:border-0 file:bg-transparent file:text-sm file:font-medium disabled:pointer-events-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
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

export { Input }
