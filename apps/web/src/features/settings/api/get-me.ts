import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export interface CurrentUser {
  id: string
  email: string
  first_name: string
  last_name: string
  role: 'admin' | 'member'
  language: string
  organisation: { id: string; name: string }
}

export const getMe = () => apiRequest<CurrentUser>('/v1/users/me')

export const meQueryOptions = () => queryOptions({ queryKey: ['users', 'me'], queryFn: getMe })

export const useMe = () => useQuery(meQueryOptions())
