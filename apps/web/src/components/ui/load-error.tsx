import type * as React from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/** A section's data could not be loaded: says so (role "alert") and offers to try again. */
export function LoadError({
  children,
  onRetry,
}: {
  children: React.ReactNode
  onRetry: () => void
}) {
  const { t } = useTranslation('ui')
  return (
    <div
      role="alert"
      data-slot="load-error"
      className="flex flex-wrap items-center gap-3 text-sm text-red-700"
    >
      {children}
      <Button type="button" size="sm" variant="outline" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  )
}
