import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export interface TeamMember {
  id: string
  email: string
  first_name: string
  last_name: string
  role: 'admin' | 'member'
}

export interface TeamPage {
  models: TeamMember[]
  pagination: { page: number; page_size: number; total: number }
}

const PAGE_SIZE = 100

export const listUsers = (page = 1) =>
  apiRequest<TeamPage>(`/v1/users?page=${page}&page_size=${PAGE_SIZE}`)

export const usersQueryOptions = (page = 1) =>
  queryOptions({ queryKey: ['users', 'list', page], queryFn: () => listUsers(page) })

export const useUsers = (page = 1) => useQuery(usersQueryOptions(page))
