import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { type CurrentUser, meQueryOptions } from './get-me'

export interface ProfileChanges {
  first_name?: string
  last_name?: string
  language?: string
}

export const updateMe = (changes: ProfileChanges) =>
  apiRequest<CurrentUser>('/v1/users/me', { method: 'PATCH', body: changes })

export const useUpdateMe = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  })
}
