import type { HealthResponse } from '@dealcoach/contracts/health'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export const getHealth = () => apiRequest<HealthResponse>('/health')

export const healthQueryOptions = () => queryOptions({ queryKey: ['health'], queryFn: getHealth })

export const useHealth = () => useQuery(healthQueryOptions())
