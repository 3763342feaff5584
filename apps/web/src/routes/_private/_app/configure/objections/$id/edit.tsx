import { createFileRoute, Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { NotFoundIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/objections/$id/edit')({
  loader: () => loadNamespaces('configure'),
  component: ObjectionEditPage,
})

function ObjectionEditPage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('objection_edit.title')} description={t('objection_edit.description')} />
      <EmptyState
        icon={<NotFoundIllustration className="h-32 w-auto text-brand-600" />}
        title={t('objection_edit.empty_title')}
        description={t('objection_edit.empty_description')}
        action={<Link to="/configure/objections/">{t('objection_edit.all_objection_types')}</Link>}
      />
    </>
  )
}
