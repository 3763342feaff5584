import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { RegisterForm } from '@/features/auth/components/register-form'
import { loadNamespaces } from '@/lib/i18n'
import { redirectSignedIn } from '../-redirect-signed-in'

export const Route = createFileRoute('/register/')({
  beforeLoad: redirectSignedIn,
  loader: () => loadNamespaces('auth'),
  component: RegisterPage,
})

function RegisterPage() {
  const { t } = useTranslation('auth')
  return (
    <AuthLayout title={t('register.title')} description={t('register.description')}>
      <RegisterForm />
      <p className="mt-6 text-sm text-gray-600">
        {t('register.have_account')}{' '}
        <Link
          to="/login/"
          className="font-medium text-brand-600 underline-offset-4 hover:underline"
        >
          {t('register.login_link')}
        </Link>
      </p>
    </AuthLayout>
  )
}
