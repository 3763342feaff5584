import type { UsersResponse } from '@dealcoach/contracts/users'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

// The organisation's people: the team settings list them, and the deal screens will pick owners.

const PAGE_SIZE = 100

/** Every users list, whatever the page: what an invitation invalidates. */
export const USER_LISTS_KEY = ['users', 'list'] as const

export const listUsers = (page = 1) =>
  apiRequest<UsersResponse>(`/v1/users?page=${page}&page_size=${PAGE_SIZE}`)

export const usersQueryOptions = (page = 1) =>
  queryOptions({ queryKey: [...USER_LISTS_KEY, page], queryFn: () => listUsers(page) })

export const useUsers = (page = 1) => useQuery(usersQueryOptions(page))
