import type { MeResponse, UpdateMeBody } from '@dealcoach/contracts/users'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { meQueryOptions } from './get-me'

export const updateMe = (changes: UpdateMeBody) =>
  apiRequest<MeResponse>('/v1/users/me', { method: 'PATCH', body: changes })

export const useUpdateMe = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  })
}
