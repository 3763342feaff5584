import type * as React from 'react'
import { cn } from '@/lib/cn'

/** The message above a form when submitting it failed; announced as it appears. */
function FormAlert({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p
      role="alert"
      data-slot="form-alert"
      className={cn(
        'rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800',
        className,
      )}
      {...props}
    />
  )
}

export { FormAlert }
