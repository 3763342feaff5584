import { createFileRoute } from '@tanstack/react-router'
import * as z from 'zod/mini'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'
import { pageSearchParam } from '@/lib/search-params'

const objectionTypesSearch = z.looseObject({ page: pageSearchParam })

export const Route = createFileRoute('/_private/_app/configure/objections/')({
  validateSearch: objectionTypesSearch,
  loader: () => loadNamespaces('configure'),
  component: ObjectionsPage,
})

function ObjectionsPage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('objections.title')} description={t('objections.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('objections.empty_title')}
        description={t('objections.empty_description')}
      />
    </>
  )
}
