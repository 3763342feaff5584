import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { pendingPage } from '@/components/layout/pending-page'
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form'
import { loadNamespaces } from '@/lib/i18n'

// Not sent away when signed in: the link is for whoever holds it, and using it ends every session.
export const Route = createFileRoute('/reset-password/$token')({
  loader: () => loadNamespaces('auth'),
  pendingComponent: pendingPage('form'),
  component: ResetPasswordPage,
})

function ResetPasswordPage() {
  const { t } = useTranslation('auth')
  const { token } = Route.useParams()
  const router = useRouter()
  return (
    <AuthLayout title={t('reset_password.title')} description={t('reset_password.description')}>
      <ResetPasswordForm
        token={token}
        onDone={() =>
          void router.navigate({ to: '/login/', search: { password_reset: 'done' }, replace: true })
        }
      />
    </AuthLayout>
  )
}
