import type * as React from 'react'
import { cn } from '@/lib/cn'

/** A pulsing placeholder block. Hidden from assistive technology: announce loading elsewhere. */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-gray-200 motion-reduce:animate-none', className)}
      {...props}
    />
  )
}

export { Skeleton }
