import { createFileRoute, Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { LoginForm } from '@/features/auth/components/login-form'
import { SocialSignIn } from '@/features/auth/components/social-sign-in'
import { healthQueryOptions } from '@/features/status/api/get-health'
import { ServerStatus } from '@/features/status/components/server-status'
import { loadNamespaces } from '@/lib/i18n'
import { redirectSignedIn } from '../-redirect-signed-in'
import { leaveFailureToPage } from '@/lib/query-client'
import { takeRedirectLocation } from '@/lib/redirect-storage'

/** `password_reset=done`: the visitor has just chosen a new password and signs in with it. */
const loginSearch = (search: Record<string, unknown>): { password_reset?: 'done' } =>
  search.password_reset === 'done' ? { password_reset: 'done' } : {}

export const Route = createFileRoute('/login/')({
  validateSearch: loginSearch,
  beforeLoad: redirectSignedIn,
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('auth'),
      // The server's status is the page's own footer: a failure shows there.
      context.queryClient.ensureQueryData(healthQueryOptions()).catch(leaveFailureToPage),
    ])
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useTranslation('auth')
  const router = useRouter()
  const { password_reset: passwordReset } = Route.useSearch()
  // After sign-in: back where the visitor was sent away from, else the app's index, which sends an
  // admin who has not finished setting up to onboarding and everyone else to the dashboard.
  const goOn = () => router.history.push(takeRedirectLocation() ?? '/')
  const [keepSignedIn, setKeepSignedIn] = useState(false)

  return (
    <AuthLayout
      title={t('login.title')}
      description={t('login.description')}
      footer={<ServerStatus />}
    >
      {passwordReset === 'done' ? (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
        >
          {t('login.password_reset_done')}
        </p>
      ) : null}
      <div className="flex flex-col gap-6">
        <SocialSignIn keepSignedIn={keepSignedIn} onSignedIn={goOn} />
        <LoginForm
          keepSignedIn={keepSignedIn}
          onKeepSignedInChange={setKeepSignedIn}
          onSignedIn={goOn}
        />
      </div>
      <p className="mt-4 text-sm">
        <Link
          to="/forgot-password/"
          className="font-medium text-brand-600 underline-offset-4 hover:underline"
        >
          {t('login.forgot_password')}
        </Link>
      </p>
      <p className="mt-4 text-sm text-gray-600">
        {t('login.no_account')}{' '}
        <Link
          to="/register/"
          className="font-medium text-brand-600 underline-offset-4 hover:underline"
        >
          {t('login.register_link')}
        </Link>
      </p>
    </AuthLayout>
  )
}
