import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { EmptyState } from '@/components/ui/empty-state'
import { EmptyIllustration } from '@/components/ui/illustrations'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/product/')({
  loader: () => loadNamespaces('configure'),
  component: ProductPage,
})

function ProductPage() {
  const { t } = useTranslation('configure')
  return (
    <>
      <PageHeader title={t('product.title')} description={t('product.description')} />
      <EmptyState
        icon={<EmptyIllustration className="h-32 w-auto text-brand-600" />}
        title={t('product.empty_title')}
        description={t('product.empty_description')}
      />
    </>
  )
}
