import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'

export interface PasswordChange {
  current_password: string
  new_password: string
}

/** Changing the password ends the user's other sessions (server side). */
export const changePassword = (change: PasswordChange) =>
  apiRequest<void>('/v1/users/me/password', { method: 'POST', body: change })

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
