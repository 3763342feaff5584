import { createFileRoute } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { PageHeader } from '@/components/layout/page-header'
import { pendingPage } from '@/components/layout/pending-page'
import { Skeleton } from '@/components/ui/skeleton'
import { productQueryOptions, useProduct } from '@/features/product/api/get-product'
import { ProductForm } from '@/features/product/components/product-form'
import { readAccessTokenClaims } from '@/lib/access-token'
import { loadNamespaces } from '@/lib/i18n'

export const Route = createFileRoute('/_private/_app/configure/product/')({
  loader: async ({ context }) => {
    await Promise.all([
      loadNamespaces('configure'),
      context.queryClient.ensureQueryData(productQueryOptions()),
    ])
  },
  pendingComponent: pendingPage('form'),
  component: ProductPage,
})

function ProductPage() {
  const { t } = useTranslation('configure')
  const product = useProduct()
  // Writes are admin-only on the server; members see the same page read-only.
  const canEdit = readAccessTokenClaims()?.role === 'admin'
  return (
    <>
      <PageHeader title={t('product.title')} description={t('product.description')} />
      {product.isSuccess ? (
        <ProductForm product={product.data} canEdit={canEdit} />
      ) : (
        <Skeleton className="h-96" />
      )}
    </>
  )
}
