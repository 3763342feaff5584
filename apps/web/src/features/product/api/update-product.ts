import type { ProductProfile } from '@dealcoach/contracts/organisation'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { invalidateOnboardingProgress } from '@/entities/onboarding/api/get-onboarding-checklist'
import { productQueryOptions } from './get-product'

export const updateProduct = (profile: ProductProfile) =>
  apiRequest<ProductProfile>('/v1/organisation/product', { method: 'PUT', body: profile })

export const useUpdateProduct = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (profile) => queryClient.setQueryData(productQueryOptions().queryKey, profile),
    // Describing the product completes an onboarding step; that cache never goes stale.
    onSettled: () => invalidateOnboardingProgress(queryClient),
  })
}
