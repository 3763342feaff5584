import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { startSession, type TokenResponse } from './session-tokens'

export interface EmailLoginInput {
  email: string
  password: string
}

export const emailLogin = (input: EmailLoginInput) =>
  apiRequest<TokenResponse>('/auth/email-login', { method: 'POST', body: input })

export const useEmailLogin = () =>
  useMutation({ mutationFn: emailLogin, onSuccess: (response) => startSession(response) })
