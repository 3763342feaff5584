import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { pendingPage } from '@/components/layout/pending-page'
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form'
import { loadNamespaces } from '@/lib/i18n'
import { redirectSignedIn } from '../-redirect-signed-in'

export const Route = createFileRoute('/forgot-password/')({
  beforeLoad: redirectSignedIn,
  loader: () => loadNamespaces('auth'),
  pendingComponent: pendingPage('form'),
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { t } = useTranslation('auth')
  return (
    <AuthLayout title={t('forgot_password.title')} description={t('forgot_password.description')}>
      <ForgotPasswordForm />
      <p className="mt-6 text-sm text-gray-600">
        <Link
          to="/login/"
          className="font-medium text-brand-600 underline-offset-4 hover:underline"
        >
          {t('forgot_password.back_to_login')}
        </Link>
      </p>
    </AuthLayout>
  )
}
