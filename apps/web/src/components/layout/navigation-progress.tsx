import { useRouterState } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

/**
 * A thin bar under the header while the next page loads, so a slow navigation is visibly under way
 * while the current page stays in place. It appears after a short delay (quick navigations show
 * nothing) and does not move when the user prefers reduced motion.
 */
export function NavigationProgress() {
  const { t } = useTranslation()
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  if (!loading) return null
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      aria-busy="true"
      data-testid="navigation-progress"
      className="pointer-events-none absolute inset-x-0 bottom-0 h-0.5 overflow-hidden opacity-0 [animation:navigation-progress-in_0s_150ms_forwards]"
    >
      <div className="h-full w-full bg-brand-600 motion-safe:[animation:navigation-progress_1.2s_ease-in-out_infinite]" />
    </div>
  )
}
