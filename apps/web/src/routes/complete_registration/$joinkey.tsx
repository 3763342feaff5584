import { createFileRoute, useRouter } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { AuthLayout } from '@/components/layout/auth-layout'
import { useRegistration } from '@/features/auth/api/get-registration'
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
  // The form's own query: a link that cannot finish a registration must not ask for a password.
  const registration = useRegistration(joinkey)
  return (
    <AuthLayout
      title={t('complete_registration.title')}
      description={
        registration.isError
          ? t('complete_registration.description_problem')
          : t('complete_registration.description')
      }
    >
      {/* The app's index decides: a new admin goes on to onboarding, an invited member to the dashboard. */}
      <CompleteRegistrationForm joinkey={joinkey} onSignedIn={() => router.history.push('/')} />
    </AuthLayout>
  )
}
