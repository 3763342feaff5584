import type { ChangePasswordBody } from '@dealcoach/contracts/users'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

/** Changing the password ends the user's other sessions (server side). */
export const changePassword = (change: ChangePasswordBody) =>
  apiRequest<void>('/v1/users/me/password', { method: 'POST', body: change })

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
