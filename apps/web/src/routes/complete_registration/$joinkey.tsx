import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { CompleteRegistrationForm } from '@/features/auth/components/complete-registration-form'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/complete_registration/$joinkey')({
  loader: () => loadNamespaces('auth'),
  component: CompleteRegistrationPage,
})

function CompleteRegistrationPage() {
  const { t } = useTranslation('auth')
  const { joinkey } = Route.useParams()
  const router = useRouter()
  return (
    <AuthLayout
      title={t('complete_registration.title')}
      description={t('complete_registration.description')}
    >
      <CompleteRegistrationForm
        joinkey={joinkey}
        onSignedIn={() => router.history.push('/dashboard/')}
      />
    </AuthLayout>
  )
}
