import type {
  PasswordResetBody,
  PasswordResetConfirmBody,
  PasswordResetSentResponse,
} from '@dealcoach/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { setAccessToken } from '@/lib/access-token'
import { apiRequest } from '@/lib/api-client'

/** E-mails a reset link; the server answers the same whether or not the address has an account. */
export const requestPasswordReset = (input: PasswordResetBody) =>
  apiRequest<PasswordResetSentResponse>('/auth/password-reset', { method: 'POST', body: input })

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset })

export const confirmPasswordReset = (input: PasswordResetConfirmBody) =>
  apiRequest<void>('/auth/password-reset/confirm', { method: 'POST', body: input })

/** The server ends every session of the account, so this tab forgets any access token it held. */
export const useConfirmPasswordReset = () =>
  useMutation({ mutationFn: confirmPasswordReset, onSuccess: () => setAccessToken(null) })
