import { useTranslation } from 'react-i18next'
import { cn } from '@/lib/cn'
import { useHealth } from '../api/get-health'

/** A one-line service indicator: whether the API answers, and which version it runs. */
export function ServerStatus({ className }: { className?: string }) {
  const { t } = useTranslation()
  const health = useHealth()

  return (
    <p
      role="status"
      className={cn('flex items-center justify-center gap-2 text-xs text-gray-500', className)}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          health.isSuccess && 'bg-emerald-500',
          health.isError && 'bg-red-500',
          health.isPending && 'bg-gray-300',
        )}
      />
      {health.isPending && t('status.loading')}
      {health.isError && t('status.error', { message: health.error.message })}
      {health.isSuccess && t('status.ok', { version: health.data.version })}
    </p>
  )
}
