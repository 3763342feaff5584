import type * as React from 'react'
import { cn } from '@/lib/cn'

/**
 * The red asterisk beside a label. It is decorative: the field itself carries
 * aria-required or aria-invalid, which screen readers announce.
 */
function RequiredMarker({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span
      aria-hidden="true"
      data-slot="required-marker"
      className={cn('text-red-600', className)}
      {...props}
    >
      *
    </span>
  )
}

export { RequiredMarker }
