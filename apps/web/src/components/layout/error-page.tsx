import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { type ComponentType, type SVGProps, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button'
import {
  ErrorIllustration,
  NotFoundIllustration,
  EmptyIllustration,
} from '@/components/ui/illustrations'
import { getAccessToken } from '@/lib/access-token'
import { hardNavigation } from '@/lib/hard-navigation'
import { saveRedirectLocation } from '@/lib/redirect-storage'
import { pendingSessionRestore } from '@/lib/session-restore'
import { SUPPORT_EMAIL } from '@/lib/support'
import { useIsInsideAppShell } from './app-shell-context'

export type ErrorPageVariant = 'error' | 'not-found' | 'dashboard' | 'no-pipelines'

const TRANSLATION_KEY: Record<ErrorPageVariant, string> = {
  error: 'error',
  'not-found': 'not_found',
  dashboard: 'dashboard',
  'no-pipelines': 'no_pipelines',
}

const ILLUSTRATION: Record<ErrorPageVariant, ComponentType<SVGProps<SVGSVGElement>>> = {
  error: ErrorIllustration,
  'not-found': NotFoundIllustration,
  dashboard: ErrorIllustration,
  'no-pipelines': EmptyIllustration,
}

export interface ErrorPageProps {
  variant: ErrorPageVariant
  /** dashboard: resets the filters before /dashboard reloads. */
  onReset?: () => void
}

/** Spec §2: the four error-page variants, each with an illustration, title, description and button. */
export function ErrorPage({ variant, onReset }: ErrorPageProps) {
  const { t } = useTranslation()
  const key = TRANSLATION_KEY[variant]
  const Illustration = ILLUSTRATION[variant]
  const leaving = useSignedOutRedirect(variant === 'not-found')
  // Inside the application layout the page already sits in its <main>; alone it is the main content.
  const Container = useIsInsideAppShell() ? 'section' : 'main'
  if (leaving) return null

  return (
    <Container
      id={Container === 'main' ? 'main' : undefined}
      className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <Illustration className="h-36 w-auto text-brand-600" />
      <h1 className="text-2xl font-semibold text-gray-900">{t(`error_page.${key}.title`)}</h1>
      <p className="text-gray-600">{t(`error_page.${key}.description`)}</p>
      <ErrorPageAction variant={variant} onReset={onReset} label={t(`error_page.${key}.button`)} />
      {variant === 'not-found' ? (
        <p className="text-sm text-gray-600">
          {t('error_page.not_found.feedback')}{' '}
          <a
            className="text-brand-600 underline underline-offset-4"
            href={`mailto:${SUPPORT_EMAIL}`}
          >
            {t('error_page.not_found.feedback_link')}
          </a>
        </p>
      ) : null}
    </Container>
  )
}

function ErrorPageAction({
  variant,
  label,
  onReset,
}: {
  variant: ErrorPageVariant
  label: string
  onReset?: () => void
}) {
  switch (variant) {
    case 'not-found':
      return (
        <Button asChild>
          <Link to="/dashboard/">{label}</Link>
        </Button>
      )
    case 'no-pipelines':
      return (
        <Button asChild>
          <Link to="/configure/pipelines/">{label}</Link>
        </Button>
      )
    case 'dashboard':
      return (
        <Button
          onClick={() => {
            onReset?.()
            hardNavigation.assign('/dashboard/')
          }}
        >
          {label}
        </Button>
      )
    case 'error':
      return <Button onClick={() => hardNavigation.reload()}>{label}</Button>
  }
}

/**
 * Spec §2: a visitor who has no access token *after loading* goes from an unknown page to /login,
 * to come back after signing in. Until the session restore on load is over, nobody is known to be
 * signed out. True while the page should show nothing: restoring, or on its way to /login.
 */
function useSignedOutRedirect(active: boolean): boolean {
  const navigate = useNavigate()
  const href = useRouterState({ select: (state) => state.location.href })
  const restored = useSessionRestored()
  const signedOut = active && restored && !getAccessToken()
  useEffect(() => {
    if (!signedOut) return
    saveRedirectLocation(href)
    void navigate({ to: '/login/', replace: true })
  }, [signedOut, href, navigate])
  return signedOut || (active && !restored)
}

/** Whether the one session restore on load (spec §4) is over. */
function useSessionRestored(): boolean {
  const [restoring] = useState(pendingSessionRestore)
  const [restored, setRestored] = useState(restoring === null)
  useEffect(() => {
    if (!restoring) return
    let mounted = true
    void restoring.finally(() => {
      if (mounted) setRestored(true)
    })
    return () => {
      mounted = false
    }
  }, [restoring])
  return restored
}
