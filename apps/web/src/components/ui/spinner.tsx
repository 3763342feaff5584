import { Loader2Icon } from 'lucide-react'
import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'

/** A spinning loader announced to screen readers as a status ("Loading" unless labelled). */
function Spinner({ className, 'aria-label': ariaLabel, ...props }: React.ComponentProps<'svg'>) {
  const { t } = useTranslation('ui')
  return (
    <Loader2Icon
      role="status"
      aria-label={ariaLabel ?? t('loading')}
      data-slot="spinner"
      className={cn('size-4 animate-spin motion-reduce:animate-none', className)}
      {...props}
    />
  )
}

export { Spinner }
