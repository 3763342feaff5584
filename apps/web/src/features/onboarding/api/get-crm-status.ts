import type { CrmIntegrationStatus } from '@dealcoach/contracts/crm'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export const getCrmStatus = () => apiRequest<CrmIntegrationStatus>('/v1/crm-integrations/status')

export const crmStatusQueryOptions = () =>
  queryOptions({ queryKey: ['crm-integrations', 'status'], queryFn: getCrmStatus })

export const useCrmStatus = () => useQuery(crmStatusQueryOptions())
