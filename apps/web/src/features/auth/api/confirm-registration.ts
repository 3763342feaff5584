import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { startSession, type TokenResponse } from './session-tokens'

export interface ConfirmRegistrationInput {
  email: string
  password: string
  joinkey: string
  firstname: string
  lastname: string
}

export const confirmRegistration = (input: ConfirmRegistrationInput) =>
  apiRequest<TokenResponse>('/auth/confirm-email-password-registration', {
    method: 'POST',
    body: { ...input, is_perform_registration: true },
  })

export const useConfirmRegistration = () =>
  useMutation({ mutationFn: confirmRegistration, onSuccess: (response) => startSession(response) })
