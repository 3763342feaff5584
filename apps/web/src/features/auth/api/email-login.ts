import type { EmailLoginBody } from '@dealcoach/contracts/auth'
import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { type SignInResponse, startSession } from './session-tokens'

export const emailLogin = (input: EmailLoginBody) =>
  apiRequest<SignInResponse>('/auth/email-login', { method: 'POST', body: input })

export const useEmailLogin = () =>
  useMutation({ mutationFn: emailLogin, onSuccess: (response) => startSession(response) })
