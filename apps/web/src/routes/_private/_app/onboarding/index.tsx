import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/onboarding/')({
  loader: () => loadNamespaces('onboarding'),
  component: OnboardingPage,
})

function OnboardingPage() {
  const { t } = useTranslation('onboarding')
  return (
    <>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('onboarding.empty_title')}
        description={t('onboarding.empty_description')}
        action={<Link to="/configure/product/">{t('onboarding.describe_product')}</Link>}
      />
    </>
  )
}
