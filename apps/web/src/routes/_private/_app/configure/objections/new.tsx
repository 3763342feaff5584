import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/objections/new')({
  loader: () => loadNamespaces('configure'),
  component: ObjectionNewPage,
})

function ObjectionNewPage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('objection_new.title')} description={t('objection_new.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('objection_new.empty_title')}
        description={t('objection_new.empty_description')}
        action={<Link to="/configure/objections/">{t('objection_new.all_objection_types')}</Link>}
      />
    </>
  )
}
