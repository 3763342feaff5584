import type { ProductProfile } from '@dealcoach/contracts/organisation'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export const getProduct = () => apiRequest<ProductProfile>('/v1/organisation/product')

export const productQueryOptions = () =>
  queryOptions({ queryKey: ['organisation', 'product'], queryFn: getProduct })

export const useProduct = () => useQuery(productQueryOptions())
