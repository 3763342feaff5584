import type { MeResponse } from '@dealcoach/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export const getMe = () => apiRequest<MeResponse>('/v1/users/me')

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe })

export const useMe = () => useQuery(meQueryOptions())
